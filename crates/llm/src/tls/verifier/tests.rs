//! Names as webpki presents them, written as people write them.

use super::plain_name;

#[test]
fn names_as_people_write_them() {
    assert_eq!(plain_name("DnsName(\"localhost\")"), "localhost");
    assert_eq!(plain_name("IpAddress(10.0.0.7)"), "10.0.0.7");
    assert_eq!(plain_name("IpAddress(::1)"), "::1");
    assert_eq!(plain_name("*.example.com"), "*.example.com");
    assert_eq!(plain_name("odd (name)"), "odd (name)");
}
