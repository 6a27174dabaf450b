use std::io::ErrorKind;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::time::Duration;

use super::Server;

/// The port of an unreachable URL is held while the value lives: no server a test starts
/// beside it is given that port (binding it fails), and a connection to it is refused at
/// once rather than left waiting for an answer.
#[test]
fn an_unreachable_port_is_refused_and_given_to_no_other_server() {
    let server = Server::unreachable();
    let addr: SocketAddr = server
        .url
        .trim_start_matches("http://")
        .trim_end_matches("/v1")
        .parse()
        .expect("an address and port");
    assert!(
        TcpListener::bind(addr).is_err(),
        "{addr} can be bound while the unreachable server holds it"
    );
    let refused = TcpStream::connect_timeout(&addr, Duration::from_secs(10))
        .expect_err("nobody listens on the unreachable port");
    assert_eq!(refused.kind(), ErrorKind::ConnectionRefused, "{refused}");
}
