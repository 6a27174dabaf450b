use super::*;

#[test]
fn every_line_is_found_by_its_head_and_nothing_else_is() {
    let table = Table::new("a\t1\nab\t2\nb\t3\nbé\t4\nc\t5\n");
    for (head, line) in [
        ("a", "a\t1"),
        ("ab", "ab\t2"),
        ("b", "b\t3"),
        ("bé", "bé\t4"),
        ("c", "c\t5"),
    ] {
        assert_eq!(table.find(head), Some(line), "{head}");
    }
    for missing in ["", "0", "aa", "abc", "bb", "d", "é"] {
        assert_eq!(table.find(missing), None, "{missing}");
    }
    // Without a final newline, one line, or none.
    assert_eq!(Table::new("x\t1\ny\t2").find("y"), Some("y\t2"));
    assert_eq!(Table::new("x\t1").find("x"), Some("x\t1"));
    assert_eq!(Table::new("").find("x"), None);
}

#[test]
fn the_tables_compiled_in_are_found_line_by_line() {
    for text in [
        include_str!("../wordnet.tsv"),
        include_str!("../neighbours.tsv"),
    ] {
        let table = Table::new(text);
        for line in text.lines().step_by(97) {
            let head = line.split('\t').next().unwrap_or(line);
            assert_eq!(table.find(head), Some(line));
        }
    }
}
