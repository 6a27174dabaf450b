use super::*;
use crate::digest::meaning::text::fold;

fn words(text: &str) -> (String, Vec<String>) {
    let folded = fold(text);
    let mut out = Vec::new();
    for_each_word(&folded, |w| out.push(w.to_owned()));
    (folded, out)
}

fn ask(text: &str) -> Option<Value> {
    let (folded, w) = words(text);
    asked(&folded, &w)
}

#[test]
fn the_kind_asked_comes_from_interrogatives_in_many_languages() {
    assert_eq!(ask("How much does this e-book cost?"), Some(Value::Price));
    assert_eq!(ask("このマウスはいくらで買える？"), Some(Value::Price));
    assert_eq!(
        ask("Wie lange brauche ich, um das zu lesen?"),
        Some(Value::Duration)
    );
    assert_eq!(ask("Combien de temps faut-il ?"), Some(Value::Duration));
    assert_eq!(ask("How many patients have recovered?"), Some(Value::Count));
    assert_eq!(ask("Hater 目前有多少注册用户？"), Some(Value::Count));
    assert_eq!(ask("How cold should I serve it?"), Some(Value::Temperature));
    assert_eq!(ask("When does the trial begin?"), Some(Value::Date));
    assert_eq!(ask("Who leads the study?"), Some(Value::Person));
    assert_eq!(ask("Where was this track recorded?"), None);
}

#[test]
fn measures_codes_persons_and_yes_or_no_are_asked_in_many_languages() {
    assert_eq!(ask("How heavy is the drill?"), Some(Value::Mass));
    assert_eq!(ask("How much does it weigh?"), Some(Value::Mass));
    assert_eq!(ask("Wie viel wiegt das Paket?"), Some(Value::Mass));
    assert_eq!(ask("Quel est le poids du vélo ?"), Some(Value::Mass));
    assert_eq!(ask("この自転車の重さは？"), Some(Value::Mass));
    assert_eq!(ask("Welche Länge hat der Schlauch?"), Some(Value::Length));
    assert_eq!(ask("How big is the app update?"), Some(Value::Length));
    assert_eq!(ask("Welche Größe hat der Tisch?"), Some(Value::Length));
    assert_eq!(
        ask("¿Cuál es el tamaño de la pantalla?"),
        Some(Value::Length)
    );
    assert_eq!(
        ask("What is the capacity of the tank?"),
        Some(Value::Volume)
    );
    assert_eq!(ask("Какой объём у бака?"), Some(Value::Volume));
    assert_eq!(ask("What's the SKU of this lamp?"), Some(Value::Code));
    assert_eq!(ask("Wie lautet die Artikelnummer?"), Some(Value::Code));
    assert_eq!(ask("What is the stock code?"), Some(Value::Code));
    assert_eq!(ask("この商品の型番は？"), Some(Value::Code));
    assert_eq!(ask("Who wrote this piece?"), Some(Value::Person));
    assert_eq!(
        ask("Which company makes it? Name the manufacturer."),
        Some(Value::Person)
    );
    assert_eq!(ask("Wer hat den Verein gegründet?"), Some(Value::Person));
    assert_eq!(ask("Кто автор статьи?"), Some(Value::Person));
    assert_eq!(
        ask("Could a 16-year-old enroll in this trial?"),
        Some(Value::YesNo)
    );
    assert_eq!(
        ask("Did Prince ever explain the title?"),
        Some(Value::YesNo)
    );
    assert_eq!(ask("Czy sklep wysyła za granicę?"), Some(Value::YesNo));
    // A kind with a form wins over the person: the date has one to look for.
    assert_eq!(
        ask("Who wrote this piece and when was it published?"),
        Some(Value::Date)
    );
    // Software code is no article number.
    assert_ne!(
        ask("Under what terms am I allowed to reuse this code?"),
        Some(Value::Code)
    );
    assert!(!Value::Person.has_form() && !Value::YesNo.has_form());
    assert!(Value::Mass.has_form() && Value::Code.has_form());
}

#[test]
fn questions_are_told_from_actions() {
    let q = |t: &str| {
        let (_, w) = words(t);
        is_question(t, &w)
    };
    assert!(q("このマウスはいくらで買える？"));
    assert!(q("wie lange dauert das"));
    assert!(q("Where was this track recorded"));
    assert!(!q("Download PDF"));
    assert!(!q("Log in"));
}

#[test]
fn values_are_known_by_their_form() {
    let has = |t: &str, k| has_value(&fold(t), k);
    assert!(has("1,320円(税込)", Value::Price));
    assert!(has("Price: 12.99 EUR", Value::Price));
    assert!(!has("12 items", Value::Price));
    assert!(has("| Lesedauer: 8 Minuten", Value::Duration));
    assert!(has("Ready in 45min", Value::Duration));
    assert!(has("約30分", Value::Duration));
    // A unit in a script without spaces runs on into the next word: "12分おく" (leave for
    // 12 minutes).
    assert!(has("ふたをして10〜12分おく。", Value::Duration));
    assert!(!has("Chapter 8", Value::Duration));
    assert!(has("Serve at 8 °C", Value::Temperature));
    assert!(has("6.2", Value::Rating));
    assert!(!has("1024.55", Value::Rating));
    assert!(has("15.05.2020, 07:11", Value::Date));
    assert!(has("scheduled to begin Jan. 3", Value::Date));
    assert!(has("2019年11月", Value::Date));
    assert!(!has("page 3 of 12", Value::Date));
    assert!(has("31 万注册用户", Value::Count));
    assert!(!has("no numbers", Value::Count));
}

#[test]
fn measures_and_codes_are_known_by_their_form() {
    let has = |t: &str, k| has_value(&fold(t), k);
    assert!(has("Gewicht: 1,2 kg", Value::Mass));
    assert!(has("Net weight 500g", Value::Mass));
    assert!(has("内容量 300グラム入り", Value::Mass));
    assert!(!has("500 Bewertungen", Value::Mass));
    assert!(has("Schlauchlänge 20 m", Value::Length));
    assert!(has("Länge 1,5 Meter", Value::Length));
    assert!(has("Breite 45cm", Value::Length));
    assert!(!has("3 results", Value::Length));
    assert!(has("Fassungsvermögen 1,5 l", Value::Volume));
    assert!(has("Bottle 750 ml", Value::Volume));
    assert!(!has("750 Punkte", Value::Volume));
    assert!(has("SKU: AB-12345", Value::Code));
    assert!(has("Art.-Nr. 4006381333931", Value::Code));
    assert!(has("ISBN 978-3-16-148410-0", Value::Code));
    assert!(has("Modell SM-G991B", Value::Code));
    assert!(has("Bestellnummer #4711", Value::Code));
    assert!(!has("Ready in 45min", Value::Code));
    assert!(!has("Published 15.05.2020", Value::Code));
    assert!(!has("Price 12.99 EUR", Value::Code));
    assert!(!has("any person", Value::Person));
    assert!(!has("yes", Value::YesNo));
}

proptest::proptest! {
    #[test]
    fn any_text_is_read_without_panic(text in "\\PC{0,80}") {
        let folded = fold(&text);
        for kind in [
            Value::Price,
            Value::Duration,
            Value::Temperature,
            Value::Rating,
            Value::Date,
            Value::Count,
            Value::Mass,
            Value::Length,
            Value::Volume,
            Value::Code,
            Value::Person,
            Value::YesNo,
        ] {
            let _ = has_value(&folded, kind);
        }
        let (folded, w) = words(&text);
        let _ = asked(&folded, &w);
        let _ = is_question(&text, &w);
    }
}

#[test]
fn an_imperative_with_a_value_word_is_no_question() {
    for goal in [
        "Pay my bill",
        "Rate this album five stars",
        "Score the quiz",
    ] {
        let (_, w) = words(goal);
        assert!(!is_question(goal, &w), "{goal}");
    }
}

#[test]
fn a_question_for_a_way_to_act_is_told_apart() {
    let way = |t: &str| asks_a_way(&words(t).1);
    assert!(way("I'm sold. Where can I buy one?"));
    assert!(way("How do I get permission to republish it?"));
    assert!(way("Wie kann ich das Abo kündigen?"));
    assert!(way("¿Dónde puedo comprarlo?"));
    assert!(!way("Where was this track recorded?"));
    assert!(!way("How much does it cost?"));
}

#[test]
fn a_measure_asked_with_a_modal_is_still_a_question() {
    let measure = |t: &str| asks_a_measure(&words(t).1);
    assert!(measure("How cold should I serve this wine?"));
    assert!(measure("Wie lange muss ich warten?"));
    assert!(!measure("How can I pay for a subscription?"));
    assert!(!measure("Where can I buy one?"));
}

#[test]
fn units_of_languages_beyond_the_hand_lists_come_from_cldr() {
    let has = |text: &str, kind| has_value(&fold(text), kind);
    assert!(has("Pişirme süresi: 45 dakika", Value::Duration));
    assert!(has("Tiempo: 4 segundos", Value::Duration));
    assert!(has("Вага: 2 кілограми", Value::Mass));
    assert!(has("Μήκος 12 εκατοστά", Value::Length));
    // A unit of one language that is a function word of another is no unit.
    assert!(!has("Im Jahr 2015 den Preis gewonnen", Value::Duration));
    assert!(!has("Pişirme süresi: 45 dakika", Value::Mass));
}

#[test]
fn question_marks_of_other_scripts_make_a_question() {
    let q = |goal: &str| is_question(goal, &words(goal).1);
    assert!(q("Πόσο κοστίζει το εισιτήριο;"));
    assert!(q("Πόσο κοστίζει το εισιτήριο\u{37e}"));
    assert!(q("Որքա՞ն արժե"));
    assert!(q("ዋጋው ስንት ነው፧"));
    assert!(!q("Αγόρασε το εισιτήριο"));
    assert!(
        !q("run this; then that;"),
        "a semicolon outside Greek text asks nothing"
    );
}

#[test]
fn the_kind_asked_is_read_in_ten_more_languages() {
    let cases = [
        ("Bu ürünün fiyatı ne?", Value::Price),
        ("Pişirme ne kadar sürer?", Value::Duration),
        ("Kaç yorum var?", Value::Count),
        ("Vad kostar biljetten?", Value::Price),
        ("Hur länge tar det?", Value::Duration),
        ("Hvor mange sider har bogen?", Value::Count),
        ("Hvornår åbner butikken?", Value::Date),
        ("Kolik stojí vstupenka?", Value::Price),
        ("Jak dlouho trvá doprava?", Value::Duration),
        ("Mennyibe kerül a jegy?", Value::Price),
        ("Mikor nyit a bolt?", Value::Date),
        ("Berapa harga tiket ini?", Value::Price),
        ("Berapa lama pengirimannya?", Value::Duration),
        ("Πόσο κοστίζει το εισιτήριο;", Value::Price),
        ("Πότε ανοίγει το κατάστημα;", Value::Date),
        ("Скільки коштує квиток?", Value::Price),
        ("Скільки відгуків?", Value::Count),
        ("كم سعر التذكرة؟", Value::Price),
        ("متى يفتح المتجر؟", Value::Date),
        ("इस टिकट की कीमत क्या है?", Value::Price),
        ("दुकान कब खुलती है?", Value::Date),
    ];
    for (goal, kind) in cases {
        assert_eq!(ask(goal), Some(kind), "{goal}");
    }
    // Without a question mark, an interrogative opens the question.
    for goal in [
        "Vad kostar biljetten",
        "Kolik stojí vstupenka",
        "متى يفتح المتجر",
    ] {
        assert!(is_question(goal, &words(goal).1), "{goal}");
    }
    // A Ukrainian word that holds the letters of "when" is no date.
    assert_ne!(ask("Які школи поруч?"), Some(Value::Date));
}
