//! The shipped JS snippet, run in a real JavaScript engine (node) on DOM-like objects, cycles,
//! Maps, Sets, functions, BigInt and undefined; its descriptors then summarized in Rust.

use std::io::Write;
use std::process::{Command, Stdio};

use output_guard::{DESCRIBE_JS, SummaryLimits, summarize};
use serde_json::{Value, json};

/// DOM-like classes with the properties the snippet reads (node has no DOM), and the values
/// to describe.
const HARNESS: &str = r#"
class Rect { constructor(x, y, width, height) { Object.assign(this, { x, y, width, height }); } }
class FakeElement {
  constructor(tag, attrs, children) {
    this.nodeType = 1;
    this.tagName = tag.toUpperCase();
    this.nodeName = this.tagName;
    this.id = attrs.id || '';
    this.className = attrs.cls || '';
    this.classList = this.className.split(' ').filter(Boolean);
    this.textContent = attrs.text || '';
    this.rect = attrs.rect || [0, 0, 0, 0];
    this.childNodes = new FakeNodeList(children || []);
    for (const child of children || []) child.parentNode = this; // a cycle, as in the DOM
  }
  getBoundingClientRect() { return new Rect(...this.rect); }
}
class FakeText { constructor(text) { this.nodeType = 3; this.nodeName = '#text'; this.textContent = text; } }
class FakeNodeList {
  constructor(items) { items.forEach((item, i) => { this[i] = item; }); this.length = items.length; }
  item(i) { return this[i]; }
}
class Point { constructor() { this.x = 1; this.y = 2; } }

const button = new FakeElement('button', { id: 'go', cls: 'btn primary', text: '  Go\n now ', rect: [10.4, 20, 80, 24.6] });
const main = new FakeElement('main', { id: 'main', rect: [0, -50, 1280, 4000] }, [button, new FakeText('hi')]);
const cyclic = { name: 'root', list: [1, 2] };
cyclic.self = cyclic;
cyclic.list.push(cyclic);
const shared = { n: 1 };
let deep = { leaf: true };
for (let i = 0; i < 12; i++) deep = { next: deep };
const throwing = { ok: 1, get bad() { throw new Error('boom'); } };
const sparse = [1, , 3];

const cases = {
  element: button,
  tree: main,
  nodelist: main.childNodes,
  cyclic,
  shared: [shared, shared],
  map: new Map([['a', 1], [{ k: 1 }, new Set([1, 'two'])]]),
  set: new Set([1, 2, 3]),
  fn: function namedFn() {},
  arrow: () => 1,
  cls: Point,
  instance: new Point(),
  big: 12345678901234567890n,
  undef: undefined,
  nums: [NaN, Infinity, -Infinity, -0, 1.5],
  sym: Symbol('tag'),
  date: new Date(0),
  re: /a+b/gi,
  err: new TypeError('bad thing'),
  deep,
  long: Array.from({ length: 250 }, (_, i) => i),
  dollar: { $type: 'bigint', value: 'not really' },
  throwing,
  sparse,
  string: 'x'.repeat(20000),
};
const limited = describe({ arr: [1, 2, 3, 4], s: 'abcdef', o: { a: { b: 1 } } },
  { maxItems: 2, maxStringLength: 3, maxDepth: 2 });
const out = { cases: describe(cases), limited, top: describe(undefined), topBig: describe(5n) };
process.stdout.write(JSON.stringify(out));
"#;

fn run_node() -> Value {
    let script = format!("const describe = {DESCRIBE_JS};\n{HARNESS}");
    let mut child = Command::new("node")
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node is installed (/usr/bin/node)");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "node failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("the snippet's output is JSON")
}

fn render(value: &Value) -> String {
    summarize(value, &SummaryLimits::default(), 100_000)
}

#[test]
fn the_snippet_makes_json_safe_descriptors_in_node() {
    let out = run_node();
    let c = &out["cases"];
    assert_eq!(
        c["element"],
        json!({"$type": "element", "tag": "button", "id": "go", "classes": ["btn", "primary"],
               "rect": {"x": 10.4, "y": 20, "width": 80, "height": 24.6}, "text": "Go now"})
    );
    assert_eq!(
        render(&c["element"]),
        "<button id=#go class=.btn.primary> \"Go now\" @ (10,20) 80x25"
    );
    assert_eq!(render(&c["tree"]), "<main id=#main> @ (0,-50) 1280x4000");
    assert_eq!(c["nodelist"]["$type"], "nodelist");
    assert_eq!(c["nodelist"]["className"], "FakeNodeList");
    assert_eq!(
        c["nodelist"]["items"][1],
        json!({"$type": "node", "nodeName": "#text", "text": "hi"})
    );
    assert_eq!(
        render(&json!([c["nodelist"]])),
        "[\n  FakeNodeList(2) [<button id=#go class=.btn.primary> \"Go now\" @ (10,20) 80x25, #text \"hi\"]\n]"
    );

    assert_eq!(c["cyclic"]["self"], json!({"$type": "circular"}));
    assert_eq!(c["cyclic"]["list"], json!([1, 2, {"$type": "circular"}]));
    assert_eq!(
        c["shared"],
        json!([{"n": 1}, {"n": 1}]),
        "shared references are not cycles"
    );

    assert_eq!(c["map"]["$type"], "map");
    assert_eq!(c["map"]["size"], 2);
    assert_eq!(
        render(&json!({"m": c["map"]})),
        "{\n  m: Map(2) {\"a\" => 1, {k: 1} => Set(2) {1, \"two\"}}\n}"
    );
    assert_eq!(
        c["set"],
        json!({"$type": "set", "size": 3, "items": [1, 2, 3]})
    );

    assert_eq!(c["fn"], json!({"$type": "function", "name": "namedFn"}));
    assert_eq!(render(&c["arrow"]), "ƒ arrow()");
    assert_eq!(render(&c["cls"]), "ƒ Point()");
    assert_eq!(c["instance"], json!({"x": 1, "y": 2}));
    assert_eq!(
        c["big"],
        json!({"$type": "bigint", "value": "12345678901234567890"})
    );
    assert_eq!(render(&c["big"]), "12345678901234567890n");
    assert_eq!(c["undef"], json!({"$type": "undefined"}));
    assert_eq!(out["top"], json!({"$type": "undefined"}));
    assert_eq!(out["topBig"], json!({"$type": "bigint", "value": "5"}));
    assert_eq!(
        render(&c["nums"]),
        "Array(5) [\n  NaN,\n  Infinity,\n  -Infinity,\n  … 2 more\n]"
    );
    assert_eq!(c["nums"][3], json!({"$type": "number", "value": "-0"}));
    assert_eq!(render(&c["sym"]), "Symbol(tag)");
    assert_eq!(render(&c["date"]), "Date(1970-01-01T00:00:00.000Z)");
    assert_eq!(render(&c["re"]), "/a+b/gi");
    assert_eq!(render(&c["err"]), "TypeError: bad thing");
    assert_eq!(c["sparse"], json!([1, {"$type": "undefined"}, 3]));
}

#[test]
fn the_snippet_bounds_depth_size_and_hostile_objects() {
    let out = run_node();
    let c = &out["cases"];
    // Default maxDepth 8: `cases` is level 0, so `deep` is level 1 and the stub is at level 8.
    let mut node = &c["deep"];
    for _ in 0..6 {
        node = &node["next"];
    }
    assert_eq!(
        node["next"],
        json!({"$type": "truncated", "className": "Object", "size": 1})
    );
    // Default maxItems 100: the array keeps 100 items and its true length.
    assert_eq!(c["long"]["$type"], "array");
    assert_eq!(c["long"]["size"], 250);
    assert_eq!(c["long"]["items"].as_array().unwrap().len(), 100);
    assert_eq!(
        render(&json!([c["long"]])),
        "[\n  Array(250) [0, 1, 2, … 247 more]\n]"
    );
    // Default maxStringLength 10000.
    assert_eq!(c["string"].as_str().unwrap().chars().count(), 10_001);
    // A user object with its own "$type" key is wrapped, not misread as a descriptor.
    assert_eq!(c["dollar"]["$type"], "object");
    assert_eq!(
        c["dollar"]["props"],
        json!({"$type": "bigint", "value": "not really"})
    );
    assert_eq!(
        render(&json!([c["dollar"]])),
        "[\n  {$type: \"bigint\", value: \"not really\"}\n]"
    );
    // A throwing getter is described, not thrown.
    assert_eq!(c["throwing"]["$type"], "error");
    assert_eq!(c["throwing"]["message"], "boom");

    let limited = &out["limited"];
    assert_eq!(
        limited["arr"],
        json!({"$type": "array", "size": 4, "items": [1, 2]})
    );
    assert_eq!(limited["s"], "abc…");
    assert_eq!(
        limited["o"],
        json!({"a": {"$type": "truncated", "className": "Object", "size": 1}})
    );
}
