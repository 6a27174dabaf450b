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

/// The start of each line of `text`, as the build script lists them.
fn starts_of(text: &str) -> Vec<u8> {
    let mut at = 0u32;
    let mut out = Vec::new();
    for line in text.lines() {
        out.extend_from_slice(&at.to_le_bytes());
        at += u32::try_from(line.len() + 1).expect("a small table");
    }
    out
}

#[test]
fn a_table_with_its_line_starts_finds_what_its_bytes_find() {
    for text in [
        "a\t1\nab\t2\nb\t3\nbé\t4\nc\t5\n",
        "x\t1\ny\t2",
        "x\t1",
        include_str!("../neighbours.tsv"),
    ] {
        let starts: &'static [u8] = starts_of(text).leak();
        let (plain, indexed) = (Table::new(text), Table::indexed(text, starts));
        let heads = text.lines().map(|l| l.split('\t').next().unwrap_or(l));
        for word in heads.step_by(7).chain(["", "0", "aa", "bb", "é", "zzzz"]) {
            assert_eq!(indexed.find(word), plain.find(word), "{word}");
        }
    }
    // Starts that do not fit the text find nothing, without a panic.
    let text = "a\t1\nb\t2\n";
    for starts in [
        &[200, 0, 0, 0, 201, 0, 0, 0][..],
        &[0, 0, 0, 0, 5, 0, 0, 0],
        &[0, 0, 0, 0, 0, 0, 0, 0],
    ] {
        let table = Table::indexed(text, starts);
        for word in ["a", "b", "c"] {
            let _ = table.find(word);
        }
    }
}
