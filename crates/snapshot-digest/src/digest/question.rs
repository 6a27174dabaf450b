//! Questions: telling a question from an action, and the kind of value that answers it.
//!
//! "How long does it take", "いくらで買える？", "Wie lange brauche ich…" are answered by a
//! value in text beside a label: a duration, a price, a count, a date. Interrogatives are a
//! closed class in every language, so a short table per language covers them; values are
//! known by their form (digits with a currency sign or a unit), which is the same on pages of
//! any topic. The asked value becomes one more concept of the goal (`goal.rs`), so a value
//! near the goal's words outranks both a bare number and a label without its value.

use super::text::for_each_word;

/// A kind of value a question asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Value {
    Price,
    Duration,
    Temperature,
    Rating,
    Date,
    Count,
}

impl Value {
    /// How the kind is named in explanations.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::Price => "value:price",
            Self::Duration => "value:duration",
            Self::Temperature => "value:temperature",
            Self::Rating => "value:rating",
            Self::Date => "value:date",
            Self::Count => "value:count",
        }
    }
}

/// Cues of each kind in folded goal text, most specific kind first: "combien de temps" asks
/// for a duration although "combien" alone asks for a count, "сколько стоит" for a price.
/// A cue with a space or in a CJK script matches as a substring of the spaced goal, others
/// as a whole word.
const CUES: &[(Value, &[&str])] = &[
    (
        Value::Price,
        &[
            // English, German, French, Spanish, Portuguese, Italian, Dutch, Polish, Russian
            "cost",
            "costs",
            "price",
            "priced",
            "pay",
            "fee",
            "kostet",
            "kosten",
            "preis",
            "bezahlen",
            "coute",
            "prix",
            "tarif",
            "payer",
            "cuesta",
            "precio",
            "pagar",
            "custa",
            "preco",
            "costa",
            "prezzo",
            "pagare",
            "kost",
            "prijs",
            "betalen",
            "kosztuje",
            "cena",
            "стоит",
            "стоимость",
            "цена",
            "платить",
            // Japanese, Chinese, Korean
            "いくら",
            "値段",
            "価格",
            "料金",
            "費用",
            "多少钱",
            "价格",
            "价钱",
            "费用",
            "얼마",
            "가격",
            "요금",
        ],
    ),
    (
        Value::Duration,
        &[
            " how long ",
            " wie lange ",
            " combien de temps ",
            " cuanto tiempo ",
            " cuanto dura ",
            " quanto tempo ",
            " quanto dura ",
            " hoe lang ",
            " jak dlugo ",
            " как долго ",
            " сколько времени ",
            " сколько длится ",
            "何分",
            "何時間",
            "何日",
            "多长时间",
            "多久",
            "几分钟",
            "几个小时",
            "몇 분",
            "몇 시간",
            "얼마나 걸",
        ],
    ),
    (
        Value::Temperature,
        &[
            "temperature",
            " how hot ",
            " how cold ",
            " how warm ",
            "temperatur",
            " wie warm ",
            " wie kalt ",
            "temperatura",
            "температура",
            "温度",
            "何度",
            "多少度",
            "온도",
        ],
    ),
    (
        Value::Rating,
        &[
            "rate",
            "rated",
            "rating",
            "score",
            "scored",
            "stars",
            "bewertet",
            "bewertung",
            "note",
            "notee",
            "calificacion",
            "puntuacion",
            "avaliacao",
            "valutazione",
            "beoordeling",
            "ocena",
            "оценка",
            "評価",
            "点数",
            "评分",
            "평점",
        ],
    ),
    (
        Value::Date,
        &[
            "when",
            " what time ",
            " what date ",
            " which day ",
            " what year ",
            "wann",
            "quand",
            "cuando",
            "quando",
            "wanneer",
            "kiedy",
            "когда",
            "いつ",
            "何時",
            "何日",
            "什么时候",
            "何时",
            "哪天",
            "언제",
        ],
    ),
    (
        Value::Count,
        &[
            " how many ",
            " how much ",
            " wie viele ",
            " wie viel ",
            "combien",
            "cuantos",
            "cuantas",
            "quantos",
            "quantas",
            "quanti",
            "quante",
            "hoeveel",
            "ile",
            "сколько",
            "何人",
            "何件",
            "何個",
            "何回",
            "いくつ",
            "多少",
            "几",
            "몇",
        ],
    ),
];

/// Words that open a question in the languages of [`CUES`], besides those cues.
const INTERROGATIVES: &[&str] = &[
    "what",
    "who",
    "which",
    "whose",
    "why",
    "where",
    "how",
    "is",
    "are",
    "does",
    "do",
    "can",
    "could",
    "was",
    "wer",
    "wie",
    "wo",
    "welche",
    "welcher",
    "warum",
    "que",
    "qui",
    "quel",
    "quelle",
    "ou",
    "comment",
    "pourquoi",
    "qual",
    "quem",
    "onde",
    "como",
    "quien",
    "donde",
    "cual",
    "chi",
    "dove",
    "perche",
    "wat",
    "welke",
    "waar",
    "co",
    "kto",
    "gdzie",
    "jak",
    "dlaczego",
    "что",
    "кто",
    "где",
    "как",
    "почему",
    "какой",
];

/// Whether the goal is a question: it ends with a question mark (of any script) or opens
/// with an interrogative.
pub(crate) fn is_question(goal: &str, words: &[String]) -> bool {
    let end = goal.trim_end();
    if end.ends_with(['?', '？', '؟']) {
        return true;
    }
    let Some(first) = words.first() else {
        return false;
    };
    INTERROGATIVES.contains(&first.as_str())
        || CUES
            .iter()
            .flat_map(|(_, cues)| cues.iter())
            .any(|cue| cue.trim() == first && !cue.trim().contains(' '))
}

/// The kind of value a question asks for, from its folded words; `None` when no cue says.
pub(crate) fn asked(folded: &str, words: &[String]) -> Option<Value> {
    let spaced = format!(" {} ", words.join(" "));
    CUES.iter()
        .find(|(_, cues)| {
            cues.iter().any(|cue| {
                if cue.starts_with(' ') || !cue.is_ascii() {
                    spaced.contains(cue) || (!cue.is_ascii() && folded.contains(cue.trim()))
                } else {
                    words.iter().any(|w| w == cue)
                }
            })
        })
        .map(|&(kind, _)| kind)
}

/// Signs written beside an amount of money.
const CURRENCY_SIGNS: &[char] = &[
    '$', '€', '£', '¥', '₩', '₽', '₹', '₺', '₴', '₪', '₫', '฿', '円', '元', '₱', '₦',
];
/// Words written beside an amount of money (folded).
const CURRENCY_WORDS: &[&str] = &[
    "usd",
    "eur",
    "euro",
    "euros",
    "gbp",
    "chf",
    "jpy",
    "cny",
    "rmb",
    "yen",
    "yuan",
    "won",
    "kr",
    "sek",
    "nok",
    "dkk",
    "zl",
    "pln",
    "kc",
    "czk",
    "ft",
    "huf",
    "rs",
    "inr",
    "brl",
    "dollar",
    "dollars",
    "руб",
    "рублей",
    "грн",
    "лв",
];
/// Units of time (folded), in the languages of [`CUES`].
const TIME_UNITS: &[&str] = &[
    "s",
    "sec",
    "secs",
    "second",
    "seconds",
    "min",
    "mins",
    "minute",
    "minutes",
    "minuten",
    "minuto",
    "minutos",
    "minuti",
    "minut",
    "minuty",
    "minuter",
    "h",
    "hr",
    "hrs",
    "hour",
    "hours",
    "std",
    "stunde",
    "stunden",
    "heure",
    "heures",
    "hora",
    "horas",
    "ora",
    "ore",
    "uur",
    "godzina",
    "godziny",
    "godzin",
    "day",
    "days",
    "tag",
    "tage",
    "tagen",
    "jour",
    "jours",
    "dia",
    "dias",
    "giorno",
    "giorni",
    "dag",
    "dagen",
    "week",
    "weeks",
    "woche",
    "wochen",
    "semaine",
    "semaines",
    "semana",
    "semanas",
    "month",
    "months",
    "monat",
    "monate",
    "mois",
    "mes",
    "meses",
    "year",
    "years",
    "jahr",
    "jahre",
    "ans",
    "ano",
    "anos",
    "сек",
    "мин",
    "минут",
    "минуты",
    "час",
    "часа",
    "часов",
    "день",
    "дня",
    "дней",
    "秒",
    "分",
    "分間",
    "分钟",
    "時間",
    "小时",
    "日",
    "天",
    "週間",
    "周",
    "시간",
    "분",
    "일",
];
/// The first three letters of month names in the Latin-script languages of [`CUES`].
const MONTHS: &[&str] = &[
    "jan", "feb", "fev", "mar", "apr", "avr", "abr", "may", "mai", "mei", "mag", "jun", "jui",
    "jul", "lug", "aug", "ago", "aou", "sep", "set", "oct", "okt", "ott", "out", "nov", "dec",
    "dez", "dic", "gru", "sty", "lut", "kwi", "cze", "lip", "wrz", "paz", "lis", "янв", "фев",
    "мар", "апр", "мая", "июн", "июл", "авг", "сен", "окт", "ноя", "дек",
];

/// Whether folded node text holds a value of `kind`.
pub(crate) fn has_value(folded: &str, kind: Value) -> bool {
    if !folded.bytes().any(|b| b.is_ascii_digit()) {
        return kind == Value::Rating && folded.contains('★');
    }
    let mut words: Vec<&str> = Vec::new();
    for_each_word(folded, |w| words.push(w));
    // A number with the word after it, and the word before it; a unit glued to the
    // number ("8min") counts as the word after.
    let numbers = || {
        words.iter().enumerate().filter_map(|(i, w)| {
            let digits = w.bytes().take_while(u8::is_ascii_digit).count();
            (digits > 0).then(|| {
                let glued = &w[digits..];
                let after = if glued.is_empty() {
                    words.get(i + 1).copied().unwrap_or("")
                } else {
                    glued
                };
                let before = i.checked_sub(1).map_or("", |j| words[j]);
                (&w[..digits], before, after)
            })
        })
    };
    match kind {
        Value::Price => {
            folded.contains(CURRENCY_SIGNS)
                || numbers().any(|(_, before, after)| {
                    CURRENCY_WORDS.contains(&before) || CURRENCY_WORDS.contains(&after)
                })
        }
        Value::Duration => numbers().any(|(_, _, after)| TIME_UNITS.contains(&after)),
        Value::Temperature => {
            folded.contains('°')
                || numbers().any(|(_, _, after)| {
                    matches!(after, "grad" | "degrees" | "degree" | "度" | "градусов")
                })
        }
        Value::Rating => {
            folded.contains('★')
                || folded.contains("/10")
                || folded.contains("/5")
                || folded.contains(" out of ")
                || short_decimal(folded)
        }
        Value::Date => {
            numbers().any(|(n, before, after)| {
                let month = |w: &str| {
                    w.chars().count() <= 9
                        && MONTHS.iter().any(|m| w.starts_with(m))
                        && !w.bytes().any(|b| b.is_ascii_digit())
                };
                (n.len() == 4 && (n.starts_with("19") || n.starts_with("20")))
                    || month(before)
                    || month(after)
                    || matches!(after, "年" | "月" | "日" | "년" | "월" | "일")
            }) || numeric_date(folded)
        }
        Value::Count => true,
    }
}

/// A decimal of one or two digits before the point ("6.2", "8,5"), as scores are written.
fn short_decimal(folded: &str) -> bool {
    let b = folded.as_bytes();
    (1..b.len().saturating_sub(1)).any(|i| {
        matches!(b[i], b'.' | b',')
            && b[i + 1].is_ascii_digit()
            && b[i - 1].is_ascii_digit()
            && (i < 2 || !b[i - 2].is_ascii_digit() || i < 3 || !b[i - 3].is_ascii_digit())
            && b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count() <= 2
    })
}

/// Three numbers joined by the same `.`, `/` or `-` ("15.05.2020", "2019-11-05").
fn numeric_date(folded: &str) -> bool {
    let b = folded.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let mut groups = 1;
        let mut sep = None;
        let mut j = i;
        loop {
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            match b.get(j) {
                Some(&s) if matches!(s, b'.' | b'/' | b'-') && sep.is_none_or(|p| p == s) => {
                    if b.get(j + 1).is_some_and(u8::is_ascii_digit) {
                        sep = Some(s);
                        groups += 1;
                        j += 1;
                        continue;
                    }
                    break;
                }
                _ => break,
            }
        }
        if groups == 3 {
            return true;
        }
        i = j.max(i + 1);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::digest::text::fold;

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
        assert_eq!(ask("Who leads the study?"), None);
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
}
