//! Token store: one-time, TTL, bounds by count and bytes, distinct errors, concurrent redeem.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use output_guard::{Error, StoreLimits, TOKEN_CHARS, TokenStore};

fn store(max_entries: usize, max_bytes: usize) -> TokenStore {
    TokenStore::new(StoreLimits {
        max_entries,
        max_bytes,
        ..StoreLimits::default()
    })
}

#[test]
fn a_token_works_once() {
    let store = store(8, 1 << 20);
    let token = store.insert_text("full".to_owned()).unwrap();
    assert_eq!(token.len(), TOKEN_CHARS);
    assert_eq!(store.redeem(&token).unwrap(), "full");
    assert_eq!(
        store.redeem(&token),
        Err(Error::TokenAlreadyUsed {
            token: token.clone()
        })
    );
    assert!(store.is_empty());
    assert_eq!(store.bytes(), 0);
}

#[test]
fn unknown_tokens_are_not_mistaken_for_used_ones() {
    let store = store(8, 1 << 20);
    let err = store.redeem("AAAAAAAAAAAAAAAAAAAAAA").unwrap_err();
    assert_eq!(
        err,
        Error::UnknownToken {
            token: "AAAAAAAAAAAAAAAAAAAAAA".to_owned(),
            ttl: StoreLimits::default().ttl,
        }
    );
    assert!(
        err.to_string().starts_with(
            "the token \"AAAAAAAAAAAAAAAAAAAAAA\" is unknown or expired; outputs are kept 10 min"
        ),
        "{err}"
    );
    // An outside string of any size is echoed cut.
    let long = "x".repeat(10_000);
    match store.redeem(&long) {
        Err(Error::UnknownToken { token, .. }) => assert_eq!(token.len(), 64),
        other => panic!("expected UnknownToken, got {other:?}"),
    }
}

#[test]
fn tokens_expire_after_the_ttl() {
    let limits = StoreLimits {
        ttl: Duration::from_secs(60),
        ..StoreLimits::default()
    };
    let store = TokenStore::new(limits);
    let t0 = Instant::now();
    let early = store.insert_text_at("a".to_owned(), t0).unwrap();
    let late = store.insert_text_at("b".to_owned(), t0).unwrap();
    assert_eq!(
        store
            .redeem_at(&early, t0 + Duration::from_secs(59))
            .unwrap(),
        "a"
    );
    let err = store
        .redeem_at(&late, t0 + Duration::from_secs(60))
        .unwrap_err();
    assert_eq!(
        err,
        Error::TokenExpired {
            token: late.clone(),
            ttl: Duration::from_secs(60)
        }
    );
    assert!(err.to_string().contains("expired"), "{err}");
    assert!(store.is_empty());
}

#[test]
fn expired_entries_are_dropped_on_the_next_insert() {
    let limits = StoreLimits {
        ttl: Duration::from_secs(10),
        ..StoreLimits::default()
    };
    let store = TokenStore::new(limits);
    let t0 = Instant::now();
    let old = store.insert_text_at("x".repeat(100), t0).unwrap();
    store
        .insert_text_at("y".to_owned(), t0 + Duration::from_secs(11))
        .unwrap();
    assert_eq!((store.len(), store.bytes()), (1, 1));
    let err = store
        .redeem_at(&old, t0 + Duration::from_secs(11))
        .unwrap_err();
    assert!(matches!(err, Error::TokenExpired { .. }), "{err:?}");
}

#[test]
fn the_entry_bound_evicts_the_oldest_first() {
    let store = store(3, 1 << 20);
    let tokens: Vec<String> = (0..5)
        .map(|i| store.insert_text(format!("out {i}")).unwrap())
        .collect();
    assert_eq!(store.len(), 3);
    for gone in &tokens[..2] {
        assert_eq!(
            store.redeem(gone),
            Err(Error::TokenEvicted {
                token: gone.clone()
            })
        );
    }
    for (i, kept) in tokens.iter().enumerate().skip(2) {
        assert_eq!(store.redeem(kept).unwrap(), format!("out {i}"));
    }
}

#[test]
fn the_byte_bound_evicts_until_the_new_entry_fits() {
    let store = store(100, 1000);
    let a = store.insert_text("a".repeat(400)).unwrap();
    let b = store.insert_text("b".repeat(400)).unwrap();
    let c = store.insert_text("c".repeat(400)).unwrap();
    assert_eq!(store.bytes(), 800);
    assert!(matches!(store.redeem(&a), Err(Error::TokenEvicted { .. })));
    assert_eq!(store.redeem(&b).unwrap().len(), 400);
    assert_eq!(store.redeem(&c).unwrap().len(), 400);
}

#[test]
fn an_output_larger_than_the_store_is_refused_without_evicting() {
    let store = store(100, 1000);
    let kept = store.insert_text("k".to_owned()).unwrap();
    let err = store.insert_text("x".repeat(1001)).unwrap_err();
    assert_eq!(
        err,
        Error::OutputTooLarge {
            bytes: 1001,
            max_bytes: 1000
        }
    );
    assert_eq!(store.redeem(&kept).unwrap(), "k");
}

#[test]
fn deferred_producers_run_only_when_redeemed_and_only_once() {
    let store = store(1, 1 << 20);
    let runs = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&runs);
    let token = store
        .insert_deferred(10, move || {
            counted.fetch_add(1, Ordering::SeqCst);
            "expensive!".to_owned()
        })
        .unwrap();
    assert_eq!(runs.load(Ordering::SeqCst), 0);
    assert_eq!(store.redeem(&token).unwrap(), "expensive!");
    assert!(store.redeem(&token).is_err());
    assert_eq!(runs.load(Ordering::SeqCst), 1);

    // An evicted producer is dropped without running.
    let counted = Arc::clone(&runs);
    let evicted = store.insert_deferred(1, move || {
        counted.fetch_add(1, Ordering::SeqCst);
        String::new()
    });
    store.insert_text("newer".to_owned()).unwrap();
    assert!(matches!(
        store.redeem(&evicted.unwrap()),
        Err(Error::TokenEvicted { .. })
    ));
    assert_eq!(runs.load(Ordering::SeqCst), 1);
}

#[test]
fn remembered_fingerprints_are_bounded() {
    let limits = StoreLimits {
        remembered: 2,
        ..StoreLimits::default()
    };
    let store = TokenStore::new(limits);
    let tokens: Vec<String> = (0..3)
        .map(|_| store.insert_text("x".to_owned()).unwrap())
        .collect();
    for t in &tokens {
        store.redeem(t).unwrap();
    }
    // The oldest redeemed token fell out of memory: it is unknown now, the others are "used".
    assert!(matches!(
        store.redeem(&tokens[0]),
        Err(Error::UnknownToken { .. })
    ));
    assert!(matches!(
        store.redeem(&tokens[2]),
        Err(Error::TokenAlreadyUsed { .. })
    ));
}

#[test]
fn concurrent_redeem_gives_the_output_to_exactly_one_caller() {
    const THREADS: usize = 16;
    for round in 0..20 {
        let store = Arc::new(store(8, 1 << 20));
        let token = store.insert_text(format!("round {round}")).unwrap();
        let barrier = Arc::new(Barrier::new(THREADS));
        let handles: Vec<_> = (0..THREADS)
            .map(|_| {
                let (store, token, barrier) =
                    (Arc::clone(&store), token.clone(), Arc::clone(&barrier));
                std::thread::spawn(move || {
                    barrier.wait();
                    store.redeem(&token)
                })
            })
            .collect();
        let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        let winners: Vec<_> = results.iter().filter_map(|r| r.as_ref().ok()).collect();
        assert_eq!(winners, [&format!("round {round}")], "round {round}");
        let used = results
            .iter()
            .filter(|r| matches!(r, Err(Error::TokenAlreadyUsed { .. })))
            .count();
        assert_eq!(used, THREADS - 1, "round {round}: {results:?}");
    }
}

#[test]
fn the_store_is_send_and_sync() {
    fn shareable<T: Send + Sync>() {}
    shareable::<TokenStore>();
}

#[test]
fn a_read_token_works_until_it_expires() {
    let limits = StoreLimits {
        ttl: Duration::from_secs(60),
        ..StoreLimits::default()
    };
    let store = TokenStore::new(limits);
    let t0 = Instant::now();
    let token = store.insert_text_at("kept".to_owned(), t0).unwrap();
    for s in [0, 10, 59] {
        let text = store.read_at(&token, t0 + Duration::from_secs(s)).unwrap();
        assert_eq!(&*text, "kept");
    }
    // Reading does not extend the time to live.
    let err = store
        .read_at(&token, t0 + Duration::from_secs(60))
        .unwrap_err();
    assert!(matches!(err, Error::TokenExpired { .. }), "{err:?}");
    assert!(store.is_empty());
}

#[test]
fn reading_makes_an_entry_the_last_to_be_evicted() {
    let store = store(3, 1 << 20);
    let a = store.insert_text("a".to_owned()).unwrap();
    let b = store.insert_text("b".to_owned()).unwrap();
    let c = store.insert_text("c".to_owned()).unwrap();
    store.read(&a).unwrap();
    store.insert_text("d".to_owned()).unwrap();
    // b was the least recently used.
    assert!(matches!(store.read(&b), Err(Error::TokenEvicted { .. })));
    assert_eq!(&*store.read(&a).unwrap(), "a");
    assert_eq!(&*store.read(&c).unwrap(), "c");
}

#[test]
fn a_deferred_output_is_made_once_for_many_reads_and_counted_at_its_real_size() {
    let store = store(8, 1000);
    let runs = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&runs);
    let other = store.insert_text("o".repeat(300)).unwrap();
    let token = store
        .insert_deferred(10, move || {
            counted.fetch_add(1, Ordering::SeqCst);
            "p".repeat(900)
        })
        .unwrap();
    assert_eq!(store.bytes(), 310);
    assert_eq!(store.read(&token).unwrap().len(), 900);
    assert_eq!(store.read(&token).unwrap().len(), 900);
    assert_eq!(runs.load(Ordering::SeqCst), 1);
    // Its real size pushed the older entry out, never itself.
    assert_eq!(store.bytes(), 900);
    assert!(matches!(
        store.read(&other),
        Err(Error::TokenEvicted { .. })
    ));
    // A redeem after reads still takes it, once.
    assert_eq!(store.redeem(&token).unwrap().len(), 900);
    assert!(matches!(
        store.read(&token),
        Err(Error::TokenAlreadyUsed { .. })
    ));
}

#[test]
fn concurrent_first_reads_run_a_producer_once_and_all_get_the_output() {
    const THREADS: usize = 8;
    let store = Arc::new(store(8, 1 << 20));
    let runs = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&runs);
    let token = store
        .insert_deferred(5, move || {
            counted.fetch_add(1, Ordering::SeqCst);
            std::thread::sleep(Duration::from_millis(20));
            "made".to_owned()
        })
        .unwrap();
    let barrier = Arc::new(Barrier::new(THREADS));
    let handles: Vec<_> = (0..THREADS)
        .map(|_| {
            let (store, token, barrier) = (Arc::clone(&store), token.clone(), Arc::clone(&barrier));
            std::thread::spawn(move || {
                barrier.wait();
                store.read(&token).map(|t| t.to_string())
            })
        })
        .collect();
    for h in handles {
        assert_eq!(h.join().unwrap().unwrap(), "made");
    }
    assert_eq!(runs.load(Ordering::SeqCst), 1);
}
