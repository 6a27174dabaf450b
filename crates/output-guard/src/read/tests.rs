//! Unit tests of reading an output in parts.

use serde_json::json;

use super::{ReadLimits, ReadRequest, Unit, read};
use crate::error::Error;

fn rows(n: usize) -> String {
    (1..=n).map(|i| format!("row {i}\n")).collect()
}

fn limits(max_tokens: usize) -> ReadLimits {
    ReadLimits {
        max_tokens,
        ..ReadLimits::default()
    }
}

fn slice(offset: usize, limit: Option<usize>, unit: Unit) -> ReadRequest {
    ReadRequest::Slice {
        offset,
        limit,
        unit,
    }
}

fn search(pattern: &str, context: usize) -> ReadRequest {
    ReadRequest::Search {
        pattern: pattern.to_owned(),
        context,
        ignore_case: false,
        offset: 1,
        unit: Unit::Lines,
        limit: None,
    }
}

/// The offset a header names as the next one.
fn next_offset(header: &str) -> Option<usize> {
    header
        .split("next:")
        .nth(1)?
        .split("offset ")
        .nth(1)
        .and_then(|s| s.split([',', ';', ' ']).next())
        .and_then(|n| n.parse().ok())
}

#[test]
fn a_small_output_is_read_whole_byte_for_byte() {
    let text = "héllo\nwörld";
    let r = read(text, &ReadRequest::Whole, &limits(1_000)).unwrap();
    assert_eq!(r.body, text);
    assert_eq!(r.header, "# the whole output: 11 chars, 2 lines");
}

#[test]
fn slices_by_lines_add_up_to_the_whole_output() {
    let text = rows(5_000);
    let mut offset = 1;
    let mut joined = String::new();
    let mut readings = 0;
    loop {
        let r = read(&text, &slice(offset, None, Unit::Lines), &limits(2_000)).unwrap();
        assert!(
            crate::count::estimate_tokens(crate::count::char_len(&r.body)) + super::HEADER_TOKENS
                <= 2_000
        );
        joined.push_str(&r.body);
        readings += 1;
        match next_offset(&r.header) {
            Some(next) => offset = next,
            None => {
                assert!(r.header.ends_with("the end of the output"), "{}", r.header);
                break;
            }
        }
    }
    assert_eq!(joined, text);
    assert!(readings > 3, "{readings} readings");
}

#[test]
fn slices_by_chars_add_up_and_never_split_a_char() {
    let text = "añb€c😀d".repeat(3_000);
    let mut offset = 0;
    let mut joined = String::new();
    loop {
        let r = read(
            &text,
            &slice(offset, Some(777), Unit::Chars),
            &limits(5_000),
        )
        .unwrap();
        joined.push_str(&r.body);
        match next_offset(&r.header) {
            Some(next) => offset = next,
            None => break,
        }
    }
    assert_eq!(joined, text);
}

#[test]
fn a_line_longer_than_the_limit_comes_as_its_start_with_the_way_on() {
    let text = format!("short\n{}\nend\n", "x".repeat(50_000));
    let r = read(&text, &slice(2, None, Unit::Lines), &limits(1_000)).unwrap();
    assert!(
        r.header.contains("line 2 alone is 50001 chars"),
        "{}",
        r.header
    );
    assert!(r.header.contains("next: offset"), "{}", r.header);
    assert!(r.header.contains("unit chars"), "{}", r.header);
    assert!(r.body.starts_with("xxx"));
    assert!(crate::count::char_len(&r.body) < 4_000);
}

#[test]
fn a_large_output_read_whole_gives_its_first_lines_and_the_next_offset() {
    let text = rows(50_000);
    let r = read(&text, &ReadRequest::Whole, &limits(1_000)).unwrap();
    assert!(r.body.starts_with("row 1\n"));
    assert!(r.header.starts_with("# lines 1-"), "{}", r.header);
    let next = next_offset(&r.header).expect("a next offset");
    assert_eq!(r.body.lines().count() + 1, next);
}

#[test]
fn offsets_past_the_end_name_the_size() {
    let text = rows(10);
    let err = read(&text, &slice(11, None, Unit::Lines), &limits(1_000)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "offset is 11, past the end: the output has 10 lines; use an offset from 1 to 10"
    );
    let err = read(&text, &slice(500, None, Unit::Chars), &limits(1_000)).unwrap_err();
    assert!(err.to_string().contains("the output has 61 chars"), "{err}");
}

#[test]
fn a_search_shows_matching_lines_with_context_in_grep_form() {
    let text = rows(100);
    let r = read(&text, &search("^row (50|52)$", 1), &limits(1_000)).unwrap();
    assert_eq!(
        r.body,
        "49-row 49\n50:row 50\n51-row 51\n52:row 52\n53-row 53\n"
    );
    assert_eq!(
        r.header,
        "# 2 lines match /^row (50|52)$/ of 100 lines; all shown, with 1 lines of context"
    );
    let r = read(&text, &search("^row (10|90)$", 1), &limits(1_000)).unwrap();
    assert_eq!(
        r.body,
        "9-row 9\n10:row 10\n11-row 11\n--\n89-row 89\n90:row 90\n91-row 91\n"
    );
}

#[test]
fn a_search_that_fills_the_limit_says_where_to_go_on() {
    let text = rows(20_000);
    let r = read(&text, &search("7", 0), &limits(1_000)).unwrap();
    assert!(
        r.header.contains("next: the same pattern with offset"),
        "{}",
        r.header
    );
    let next = next_offset(&r.header).unwrap();
    let again = ReadRequest::Search {
        pattern: "7".to_owned(),
        context: 0,
        ignore_case: false,
        offset: next,
        unit: Unit::Lines,
        limit: None,
    };
    let r2 = read(&text, &again, &limits(1_000)).unwrap();
    let first_of_second: usize = r2.body.split(':').next().unwrap().parse().unwrap();
    assert_eq!(first_of_second, next);
    let last_of_first: usize = r
        .body
        .lines()
        .last()
        .unwrap()
        .split(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(last_of_first < next);
}

#[test]
fn a_search_limit_counts_matching_lines() {
    let text = rows(1_000);
    let request = ReadRequest::Search {
        pattern: "5".to_owned(),
        context: 0,
        ignore_case: false,
        offset: 1,
        unit: Unit::Lines,
        limit: Some(3),
    };
    let r = read(&text, &request, &limits(10_000)).unwrap();
    assert_eq!(r.body, "5:row 5\n15:row 15\n25:row 25\n");
    assert!(r.header.starts_with("# 271 lines match"), "{}", r.header);
    assert_eq!(next_offset(&r.header), Some(35));
}

#[test]
fn long_matching_lines_show_a_window_around_the_match() {
    let line = format!("{}NEEDLE{}", "a".repeat(10_000), "b".repeat(10_000));
    let r = read(&line, &search("NEEDLE", 0), &limits(1_000)).unwrap();
    assert!(
        r.body.starts_with("1:… [9900 chars] …"),
        "{}",
        &r.body[..60]
    );
    assert!(r.body.contains("NEEDLE"));
    assert!(crate::count::char_len(&r.body) < 500);
}

#[test]
fn empty_matches_and_patterns_across_lines_stay_one_per_line() {
    let text = "a\n\nb\n";
    let r = read(text, &search("^$", 0), &limits(1_000)).unwrap();
    assert_eq!(r.body, "2:\n");
    let r = read(text, &search("", 0), &limits(1_000)).unwrap();
    assert_eq!(r.body, "1:a\n2:\n3:b\n");
    let r = read(text, &search("a\\n", 0), &limits(1_000)).unwrap();
    assert_eq!(r.body, "1:a\n");
}

#[test]
fn bad_patterns_say_why_in_one_line() {
    let err = read("x", &search("(unclosed", 0), &limits(1_000)).unwrap_err();
    let message = err.to_string();
    assert!(
        message.starts_with("pattern does not compile: unclosed group"),
        "{message}"
    );
    assert!(!message.contains('\n'));
    let long = "a".repeat(1_001);
    let err = read("x", &search(&long, 0), &limits(1_000)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "pattern is 1001 chars long; use a pattern of at most 1000 chars"
    );
    let err = read("x", &search("\\w{1000}{1000}", 0), &limits(1_000)).unwrap_err();
    assert!(err.to_string().contains("compiles to more than"), "{err}");
}

#[test]
fn arguments_become_requests_or_errors_that_name_the_parameter() {
    let parse = |v: serde_json::Value| ReadRequest::from_arguments(v.as_object().unwrap());
    assert_eq!(parse(json!({"token": "t"})), Ok(ReadRequest::Whole));
    assert_eq!(
        parse(json!({"offset": 0, "unit": "chars"})),
        Ok(slice(0, None, Unit::Chars))
    );
    assert_eq!(
        parse(json!({"pattern": "x", "ignoreCase": true, "offset": 7})),
        Ok(ReadRequest::Search {
            pattern: "x".to_owned(),
            context: 2,
            ignore_case: true,
            offset: 7,
            unit: Unit::Lines,
            limit: None
        })
    );
    let cases = [
        (
            json!({"offset": 0}),
            "offset is 0; use a whole number from 1",
        ),
        (
            json!({"limit": 1.5}),
            "limit is 1.5; use a whole number from 1",
        ),
        (
            json!({"unit": "bytes"}),
            "unit is \"bytes\"; use \"lines\" or \"chars\"",
        ),
        (
            json!({"context": 3}),
            "context applies to a search only; give a pattern too",
        ),
        (
            json!({"pattern": "x", "context": 21}),
            "context is 21; use a number of lines from 0 to 20",
        ),
        (
            json!({"pattern": "x", "offset": -1, "unit": "chars"}),
            "offset is -1; use a whole number from 0",
        ),
        (
            json!({"pattern": 5}),
            "pattern is 5; use a non-empty regular expression, such as \"price|total\"",
        ),
    ];
    for (args, message) in cases {
        match parse(args.clone()) {
            Err(e @ Error::InvalidRead { .. }) => assert_eq!(e.to_string(), message, "{args}"),
            other => panic!("{args}: {other:?}"),
        }
    }
}

fn search_from(pattern: &str, context: usize, offset: usize, unit: Unit) -> ReadRequest {
    ReadRequest::Search {
        pattern: pattern.to_owned(),
        context,
        ignore_case: false,
        offset,
        unit,
        limit: None,
    }
}

/// A line of `chars` filler chars with `NEEDLE` at each of `at` (char positions).
fn long_line(chars: usize, at: &[usize]) -> String {
    let mut line = String::new();
    for (i, c) in "abcdefghij".chars().cycle().take(chars).enumerate() {
        if at.contains(&i) {
            line.push_str("NEEDLE");
        }
        line.push(c);
    }
    line
}

#[test]
fn every_match_of_a_long_line_gets_a_window_of_its_own() {
    let line = long_line(20_000, &[1_000, 5_000, 9_000, 15_000]);
    let r = read(&line, &search("NEEDLE", 0), &limits(5_000)).unwrap();
    assert_eq!(r.body.lines().count(), 4, "{}", r.body);
    assert_eq!(r.body.matches("NEEDLE").count(), 4);
    assert!(r.body.lines().all(|l| l.starts_with("1:… [")), "{}", r.body);
    assert_eq!(
        r.header,
        "# 1 lines match /NEEDLE/ of 1 lines (4 matches); all shown, with 0 lines of context"
    );
    let first = r.body.lines().next().unwrap();
    assert!(first.starts_with("1:… [900 chars] …"), "{first}");
    // The counts before and after each window add up to the line.
    for window in r.body.lines() {
        let numbers: Vec<usize> = window
            .split('[')
            .skip(1)
            .filter_map(|s| s.split(' ').next()?.parse().ok())
            .collect();
        let shown = window.split('…').nth(2).unwrap();
        assert_eq!(
            numbers.iter().sum::<usize>() + crate::count::char_len(shown),
            crate::count::char_len(&line),
            "{window}"
        );
    }
}

#[test]
fn matches_close_together_share_a_window_and_none_is_cut_in_two() {
    // Three within one window, then one that straddles where the window would end.
    let line = long_line(5_000, &[1_000, 1_050, 1_100, 1_295, 4_000]);
    let r = read(&line, &search("NEEDLE", 0), &limits(5_000)).unwrap();
    assert_eq!(r.body.lines().count(), 3, "{}", r.body);
    assert_eq!(r.body.lines().next().unwrap().matches("NEEDLE").count(), 3);
    assert_eq!(r.body.matches("NEEDLE").count(), 5);
    assert!(r.header.contains("(5 matches); all shown"), "{}", r.header);
}

#[test]
fn a_line_with_more_windows_than_fit_goes_on_at_a_char() {
    let at: Vec<usize> = (0..400).map(|i| 500 + i * 1_000).collect();
    let text = format!("first\n{}\nlast NEEDLE\n", long_line(401_000, &at));
    let mut request = search("NEEDLE", 2);
    let mut shown = 0;
    let mut readings = 0;
    loop {
        let r = read(&text, &request, &limits(2_000)).unwrap();
        assert!(
            crate::count::estimate_tokens(crate::count::char_len(&r.body)) + super::HEADER_TOKENS
                <= 2_000
        );
        assert!(
            r.header.starts_with("# 2 lines match /NEEDLE/"),
            "{}",
            r.header
        );
        shown += r.body.matches("NEEDLE").count();
        readings += 1;
        let Some(next) = next_offset(&r.header) else {
            break;
        };
        if r.header.contains("unit chars") {
            assert!(
                r.header.contains("line 2 alone has more matches than fit"),
                "{}",
                r.header
            );
            assert!(r.header.contains("without context"), "{}", r.header);
            request = search_from("NEEDLE", 2, next, Unit::Chars);
        } else {
            request = search_from("NEEDLE", 2, next, Unit::Lines);
        }
        assert!(readings < 100, "{}", r.header);
    }
    assert_eq!(shown, 401, "every match once, {readings} readings");
    assert!(readings > 2);
}

#[test]
fn a_search_can_start_at_a_char() {
    let text = "NEEDLE one\nNEEDLE two\nNEEDLE three\n";
    let r = read(
        text,
        &search_from("NEEDLE", 0, 11, Unit::Chars),
        &limits(1_000),
    )
    .unwrap();
    assert_eq!(r.body, "2:NEEDLE two\n3:NEEDLE three\n");
    assert!(r.header.contains("from char 11 (line 2)"), "{}", r.header);
    let err = read(text, &search_from("x", 0, 99, Unit::Chars), &limits(1_000)).unwrap_err();
    assert!(err.to_string().contains("the output has 35 chars"), "{err}");
}

#[test]
fn a_limit_too_small_for_one_window_says_so_and_ends() {
    let line = long_line(5_000, &[2_000]);
    let r = read(&line, &search("NEEDLE", 0), &limits(130)).unwrap();
    assert_eq!(r.body, "");
    assert!(r.header.contains("none shown"), "{}", r.header);
    assert_eq!(next_offset(&r.header), None);
}

#[test]
fn empty_matches_in_a_long_line_are_one_place() {
    let line = long_line(5_000, &[]);
    for pattern in ["", "^", "x*"] {
        let r = read(&line, &search(pattern, 0), &limits(5_000)).unwrap();
        assert_eq!(r.body.lines().count(), 1, "{pattern}: {}", r.body);
        assert!(r.header.contains("all shown"), "{}", r.header);
    }
    // Non-empty matches win over the empty ones around them.
    let line = long_line(5_000, &[2_000, 4_000]);
    let r = read(&line, &search("N*", 0), &limits(5_000)).unwrap();
    assert_eq!(r.body.lines().count(), 2, "{}", r.body);
    assert!(r.header.contains("(2 matches)"), "{}", r.header);
}

#[test]
fn matches_on_every_line_fill_each_reading_and_go_on_at_the_next_line() {
    let text = rows(3_000);
    let mut request = search("row", 2);
    let mut seen = Vec::new();
    loop {
        let r = read(&text, &request, &limits(1_000)).unwrap();
        let lines: Vec<usize> = r
            .body
            .lines()
            .filter_map(|l| l.split_once(':')?.0.parse().ok())
            .collect();
        assert!(lines.len() > 100, "{}", r.header);
        seen.extend(lines);
        match next_offset(&r.header) {
            Some(next) => request = search_from("row", 2, next, Unit::Lines),
            None => break,
        }
    }
    assert_eq!(seen, (1..=3_000).collect::<Vec<_>>());
}
