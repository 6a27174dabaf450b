//! Prints the goal digest of one corpus page: `cargo run -p mcp-lean-benches --example digest_one -- FILE GOAL`.

#![allow(clippy::print_stdout, reason = "prints the digest")]

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("readable snapshot");
    let snap = snapshot_digest::parse(&text).expect("parses");
    println!("{}", snapshot_digest::digest(&snap, &args[2]).text);
}
