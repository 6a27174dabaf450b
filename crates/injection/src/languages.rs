//! The strong signals in German, French, Spanish, Portuguese, Russian, Chinese and Japanese:
//! an order to disregard the model's instructions, a system message opened as a turn, and a
//! request to send the user's secrets to an address.
//!
//! Each language gives its word classes (verbs of disregarding, words for instructions and the
//! words that may stand between them, labels of a system turn, verbs of sending, the user's
//! secrets); the grammars are the same for all, with both orders a language puts verb and
//! object in ("ignoriere die Anweisungen", "die Anweisungen ignorieren", "指示を無視して").
//! The words are the languages' ordinary words for these things, not phrases of known attacks.
//!
//! A request to send secrets is let go when its sentence says "never" or "not" in its
//! language: honest pages warn their readers never to send a password to anyone.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use crate::excuse::{owned_by_data, sentence};
use crate::signal::{PageWeight, Signal, Strength::Strong, compile};

/// One language's word classes.
struct Words {
    /// Verbs of disregarding, before their object.
    disregard: &'static str,
    /// The same, after their object (infinitives, the verb-final imperative of Japanese).
    disregard_after: &'static str,
    /// Words that may stand between such a verb and its object.
    between: &'static str,
    /// Words for instructions, rules, a prompt.
    instructions: &'static str,
    /// Labels that open a system turn: "Systemnachricht:".
    system_label: &'static str,
    /// Verbs of sending, uploading, forwarding.
    send: &'static str,
    /// The user's secrets: passwords, cookies, keys, the chat history, personal data.
    secrets: &'static str,
    /// Words that say "never" or "not" before the verb they negate.
    negation: &'static str,
    /// Words that say "never" or "not" after the verb they negate (German, French), or the
    /// negative forms of a verb-final language.
    negation_after: &'static str,
    /// Whether words are written without spaces (Chinese, Japanese): the grammars then allow a
    /// few chars of any kind between their parts instead of whole words.
    unspaced: bool,
}

const GERMAN: Words = Words {
    disregard: r"ignorier(?:e|en|t)?|vergiss|vergesst|vergessen\s+sie|missachte(?:n|t)?|übergehe(?:n|t)?|verwirf|verwerft|setze?\s+außer\s+kraft|(?:beachte|befolge|beachtet|befolgt|beachten\s+sie|befolgen\s+sie)\s+(?:\w+\s+){0,3}?nicht",
    disregard_after: r"ignorieren|vergessen|missachten|verwerfen|übergehen|außer\s+kraft\s+setzen|nicht\s+(?:mehr\s+)?(?:beachten|befolgen)",
    between: r"alle|alles|sämtliche|jegliche|jede|die|der|den|des|deine|deinen|ihre|ihren|eure|euren|meine|diese|vorherige[nr]?|vorige[nr]?|bisherige[nr]?|obige[nr]?|frühere[nr]?|ursprüngliche[nr]?|vorangegangene[nr]?|vorstehende[nr]?|zuvor|vorher|bisher|gegebene[nr]?|erhaltene[nr]?|aktuelle[nr]?|geltende[nr]?|anderen|deiner|ihrer|und|oder",
    instructions: r"anweisung(?:en)?|instruktion(?:en)?|befehle|vorgaben|richtlinien|regeln|anordnungen|prompts?|systemprompts?|systemanweisung(?:en)?|systemnachricht(?:en)?|sicherheitsregeln|programmierung",
    system_label: r"systemnachricht|systemanweisung|systemprompt|systemhinweis|administratorbefehl",
    send: r"sende|sendet|senden|schicke?|schickt|schicken|übermittle|übermittelt|übermitteln|leite|leitet|weiterleiten|lade|ladet|hochladen|poste|posten|maile|mailen",
    secrets: r"passw(?:ö|o)rt(?:er)?|kennw(?:ö|o)rt(?:er)?|zugangsdaten|anmeldedaten|cookies?|sitzungs(?:token|cookies?)|api-?schlüssel|chatverlauf|gesprächsverlauf|kreditkarten(?:nummer|daten)\w*|(?:benutzer|nutzer)daten|daten\s+des\s+(?:benutzers|nutzers)|persönlichen\s+daten|privaten?\s+schlüssel|tokens?",
    negation: r"keinesfalls|niemals|nie|nicht|kein|keine|keinen",
    negation_after: r"niemals|nie|nicht|keinesfalls",
    unspaced: false,
};

const FRENCH: Words = Words {
    disregard: r"ignore|ignorez|ignorer|oublie|oubliez|néglige|négligez|(?:ne\s+)?(?:tiens|tenez)\s+(?:pas|plus)\s+compte|fais\s+abstraction|faites\s+abstraction|passe\s+outre|passez\s+outre|outrepasse|outrepassez|écarte|écartez|contourne|contournez|(?:ne\s+)(?:suis|suivez|respecte|respectez)\s+(?:pas|plus)",
    disregard_after: r"ignorer|oublier|ne\s+plus\s+(?:suivre|respecter)",
    between: r"toutes|tous|toute|tout|les|la|le|l'|de|des|du|d'|tes|vos|ton|votre|ces|cette|mes|précédentes?|antérieures?|ci-dessus|initiales?|originales?|d'origine|reçues?|données?|actuelles?|autres|et|ou",
    instructions: r"instructions?|consignes?|directives?|règles|ordres|commandes|indications|prompts?|invites?\s+système|messages?\s+système|prompt\s+système|programmation",
    system_label: r"message\s+(?:du\s+)?système|instruction\s+(?:du\s+)?système|invite\s+système|prompt\s+système|commande\s+administrateur",
    send: r"envoie|envoyez|envoyer|transmets|transmettez|transmettre|transfère|transférez|transférer|partage|partagez|poste|postez|téléverse|téléversez|téléverser",
    secrets: r"mots?\s+de\s+passe|identifiants|cookies?|jetons?(?:\s+de\s+session)?|clés?\s+(?:d'api|api|privées?)|historique\s+(?:de\s+(?:la\s+)?conversation|du\s+chat|des\s+conversations)|données\s+(?:de\s+l'utilisateur|personnelles|de\s+connexion)|numéros?\s+de\s+carte|informations\s+(?:personnelles|de\s+connexion)",
    negation: r"jamais|ne|n'|aucun|aucune",
    negation_after: r"jamais|pas|plus",
    unspaced: false,
};

const SPANISH: Words = Words {
    disregard: r"ignora|ignore|ignoren|ignorad|olvida|olvide|olviden|olvidad|descarta|descarte|omite|omita|haz\s+caso\s+omiso|hagan?\s+caso\s+omiso|no\s+(?:sigas|siga|sigan|obedezcas|obedezca|hagas\s+caso|respetes)|pasa\s+por\s+alto|desobedece|desatiende",
    disregard_after: r"ignorar|olvidar|omitir|descartar|no\s+seguir",
    between: r"todas|todos|toda|todo|las|los|la|el|de|del|a|al|tus|sus|tu|su|vuestras|estas|esas|mis|anteriores|previas|precedentes|de\s+arriba|originales|iniciales|recibidas|dadas|actuales|otras|y|o",
    instructions: r"instrucci(?:ón|ones)|indicaciones|directrices|directivas|reglas|órdenes|normas|prompts?|mensajes?\s+del\s+sistema|prompt\s+del\s+sistema|programación",
    system_label: r"mensaje\s+del\s+sistema|instrucci(?:ón|ones)\s+del\s+sistema|prompt\s+del\s+sistema|comando\s+de\s+administrador",
    send: r"envía|envíe|envíes|envíen|enviad|enviar|manda|mande|mandes|manden|mandar|reenvía|reenvíe|reenviar|transmite|transmita|transmitir|comparte|comparta|compartir|sube|suba|subir|publica|publique",
    secrets: r"contraseñas?|credenciales|cookies?|tokens?(?:\s+de\s+sesión)?|claves?\s+(?:de\s+api|api|privadas?)|historial\s+(?:de\s+(?:la\s+)?conversaci(?:ón|ones)|del\s+chat)|datos\s+(?:del\s+usuario|personales|de\s+acceso)|números?\s+de\s+(?:la\s+)?tarjeta",
    negation: r"nunca|jamás|no|ningún|ninguna",
    negation_after: r"",
    unspaced: false,
};

const PORTUGUESE: Words = Words {
    disregard: r"ignore|ignora|ignorem|esqueça|esqueçam|esquece|desconsidere|desconsidera|desconsiderem|descarte|descarta|não\s+(?:siga|sigas|sigam|obedeça|obedeças|respeite)|deixe\s+de\s+lado|deixa\s+de\s+lado|desobedeça",
    disregard_after: r"ignorar|esquecer|desconsiderar|descartar|não\s+seguir",
    between: r"todas|todos|toda|todo|as|os|a|o|de|das|dos|da|do|suas|tuas|seus|teus|sua|tua|essas|estas|minhas|anteriores|prévias|precedentes|acima|originais|iniciais|recebidas|dadas|atuais|outras|e|ou",
    instructions: r"instruç(?:ão|ões)|orientaç(?:ão|ões)|diretrizes|diretivas|regras|ordens|comandos|prompts?|mensagens?\s+do\s+sistema|prompt\s+do\s+sistema|programação",
    system_label: r"mensagem\s+do\s+sistema|instruç(?:ão|ões)\s+do\s+sistema|prompt\s+do\s+sistema|comando\s+de\s+administrador",
    send: r"envie|envia|envies|enviem|enviar|mande|manda|mandes|mandar|encaminhe|encaminha|encaminhar|transmita|transmitir|compartilhe|compartilhar|partilhe|partilhar|carregue|carregar|publique|publicar",
    secrets: r"senhas?|credenciais|cookies?|tokens?(?:\s+de\s+sessão)?|chaves?\s+(?:de\s+api|api|privadas?)|histórico\s+(?:de\s+conversas?|do\s+chat)|dados\s+(?:do\s+usuário|do\s+utilizador|pessoais|de\s+acesso)|números?\s+do\s+cartão",
    negation: r"nunca|jamais|não|nenhum|nenhuma",
    negation_after: r"",
    unspaced: false,
};

const RUSSIAN: Words = Words {
    disregard: r"игнорируй(?:те)?|проигнорируй(?:те)?|забудь(?:те)?|не\s+(?:обращай(?:те)?\s+внимания\s+на|слушай(?:те)?|следуй(?:те)?|выполняй(?:те)?|подчиняйся|подчиняйтесь|соблюдай(?:те)?)|отбрось(?:те)?|откажись\s+от|откажитесь\s+от|пренебреги(?:те)?|отмени(?:те)?|обойди(?:те)?",
    disregard_after: r"игнорировать|проигнорировать|забыть|не\s+(?:соблюдать|выполнять|учитывать)|отменить|игнорируй(?:те)?|забудь(?:те)?",
    between: r"все|всё|всех|всем|свои|своих|твои|твоих|ваши|ваших|мои|эти|этих|те|тех|предыдущи[ехм]|прежни[ехм]|прошлы[ехм]|вышеуказанны[ехм]|вышеизложенны[ехм]|ранее|данны[ехм]|полученны[ехм]|изначальны[ехм]|исходны[ехм]|системны[ехм]|любые|любых|другие|других|и|или|на",
    instructions: r"инструкци(?:и|й|ям|ю|я)|указани(?:я|й|ям)|правил(?:а|ам)?|команд(?:ы|ам)?|распоряжени(?:я|й)|промпт(?:ы|а|ов)?|системн\w*\s+промпт\w*|директив(?:ы|ам)?|установк(?:и|ам)",
    system_label: r"системное\s+сообщение|системная\s+инструкция|системный\s+промпт|команда\s+администратора",
    send: r"отправь(?:те)?|отправить|пришли(?:те)?|прислать|перешли(?:те)?|переслать|передай(?:те)?|передать|загрузи(?:те)?|выложи(?:те)?|сбрось(?:те)?|скинь(?:те)?",
    secrets: r"парол(?:ь|и|ей|я)|учётн\w+\s+данн\w+|учетн\w+\s+данн\w+|cookies?|куки|токен\w*|ключ\w*\s+api|api[\s-]ключ\w*|истори\w+\s+(?:переписки|чата|диалога|сообщений)|персональн\w+\s+данн\w+|данн\w+\s+пользовател\w+|номер\w*\s+карт\w*",
    negation: r"никогда|не|ни",
    negation_after: r"",
    unspaced: false,
};

const CHINESE: Words = Words {
    disregard: r"忽略|忽视|忽視|无视|無視|忘记|忘記|忘掉|不要(?:理会|理會|遵循|遵守|听从|聽從|执行|執行)|不再(?:遵循|遵守|听从|聽從)|别(?:管|理会)|抛开|拋開|放弃|放棄|绕过|繞過|跳过|跳過",
    disregard_after: r"忽略|无视|無視|忘记|忘記|忘掉|抛开|拋開|作废|作廢",
    between: "",
    instructions: r"指令|指示|提示词|提示詞|提示|规则|規則|说明|說明|命令|设定|設定|约束|約束|要求",
    system_label: r"系统消息|系統消息|系统指令|系統指令|系统提示|系統提示|管理员指令|管理員指令",
    send: r"发送|發送|发给|發給|发到|發到|传给|傳給|传到|傳到|上传|上傳|转发|轉發|提交给|提交到|寄给|寄到",
    secrets: r"密码|密碼|凭据|憑據|凭证|憑證|cookies?|令牌|api\s*密钥|api\s*金鑰|密钥|金鑰|聊天记录|聊天記錄|对话记录|對話記錄|用户数据|用戶數據|个人信息|個人資料|信用卡号|信用卡號",
    negation: r"不要|不|别|勿|切勿|请勿|請勿|绝不|絕不|永远不|永遠不",
    negation_after: r"",
    unspaced: true,
};

const JAPANESE: Words = Words {
    disregard: "",
    disregard_after: r"無視(?:して|しろ|せよ|すること|しなさい)|忘れ(?:て|ろ|なさい)|破棄(?:して|しろ|せよ)|従わ(?:ないで|なくて)|取り消(?:して|せ)|無効に(?:して|しろ|せよ)",
    between: "",
    instructions: r"指示|命令|指令|プロンプト|ルール|規則|設定|制約|インストラクション",
    system_label: r"システムメッセージ|システム指示|システムプロンプト|管理者命令",
    send: r"送信|送って|送れ|送付|転送|アップロード|共有して|投稿して|送る",
    secrets: r"パスワード|認証情報|クッキー|cookies?|トークン|apiキー|秘密鍵|チャット履歴|会話履歴|ユーザー(?:の)?データ|個人情報|クレジットカード番号",
    negation: r"決して",
    negation_after: r"しないで|しない|するな|禁止",
    unspaced: true,
};

/// An e-mail address or a URL, in any language.
const DEST: &str = r"(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?://\S+)";

/// The languages, in the order of their signals.
const LANGUAGES: [&Words; 7] = [
    &GERMAN,
    &FRENCH,
    &SPANISH,
    &PORTUGUESE,
    &RUSSIAN,
    &CHINESE,
    &JAPANESE,
];

/// What may stand between two parts of one grammar: words of `between` (at most `most`) in a
/// spaced language, a few chars in an unspaced one.
fn gap(w: &Words, most: usize) -> String {
    if w.unspaced {
        format!("[^。！？!?\\n]{{0,{}}}?", most * 2)
    } else {
        format!(r"\s+(?:(?:{})\s+){{0,{most}}}?", w.between)
    }
}

/// A word's edge: `\b` in a spaced language, nothing in an unspaced one.
fn edge(w: &Words) -> &'static str {
    if w.unspaced { "" } else { r"\b" }
}

/// An order to disregard instructions, verb first or verb last.
fn disregard(w: &Words) -> Regex {
    let e = edge(w);
    let mut forms = Vec::new();
    if !w.disregard.is_empty() {
        forms.push(format!(
            "{e}(?:{}){}(?:{}){e}",
            w.disregard,
            gap(w, 6),
            w.instructions
        ));
    }
    let before_verb = if w.unspaced {
        "[をはもの]?[^。！？!?\\n]{0,8}?".to_owned()
    } else {
        gap(w, 3)
    };
    forms.push(format!(
        "{e}(?:{}){before_verb}(?:{}){e}",
        w.instructions, w.disregard_after
    ));
    compile(&format!("(?i){}", forms.join("|")))
}

/// A system turn opened by its label, where a turn begins.
fn system_turn(w: &Words) -> Regex {
    compile(&format!(
        r"(?i)(?:^|[\n.!?。！？:*#>\])-]\s*)(?:{})\s*:",
        w.system_label
    ))
}

/// An address: where a request to send would send to. The verb and the secret are looked
/// for in its sentence ([`unsent`]), three small grammars in place of one of six orders.
fn send_out(_: &Words) -> Regex {
    compile(DEST)
}

/// A language's verbs of sending and its secrets, each a grammar of its own.
fn words_of(w: &Words, words: &str) -> Regex {
    let e = edge(w);
    compile(&format!("(?i){e}(?:{words})"))
}

/// A verb of sending with a negation before it, or after it where the language puts it there.
fn negated_send(w: &Words) -> Regex {
    let e = edge(w);
    let near = if w.unspaced {
        "[^。！？!?\\n]{0,4}?"
    } else {
        r"(?:\s+\S+){0,3}?\s*"
    };
    let mut forms = vec![format!("{e}(?:{}){near}(?:{}){e}", w.negation, w.send)];
    if !w.negation_after.is_empty() {
        let after = if w.unspaced {
            "[^。！？!?\\n]{0,3}?"
        } else {
            r"(?:\s+\S+){0,4}?\s+"
        };
        forms.push(format!(
            "{e}(?:{}){after}(?:{}){e}",
            w.send, w.negation_after
        ));
    }
    compile(&format!("(?i){}", forms.join("|")))
}

/// One lazily compiled grammar per language.
type PerLanguage = [LazyLock<Regex>; 7];

static NEGATED_SEND: PerLanguage = [
    LazyLock::new(|| negated_send(LANGUAGES[0])),
    LazyLock::new(|| negated_send(LANGUAGES[1])),
    LazyLock::new(|| negated_send(LANGUAGES[2])),
    LazyLock::new(|| negated_send(LANGUAGES[3])),
    LazyLock::new(|| negated_send(LANGUAGES[4])),
    LazyLock::new(|| negated_send(LANGUAGES[5])),
    LazyLock::new(|| negated_send(LANGUAGES[6])),
];

static SEND: PerLanguage = [
    LazyLock::new(|| words_of(LANGUAGES[0], LANGUAGES[0].send)),
    LazyLock::new(|| words_of(LANGUAGES[1], LANGUAGES[1].send)),
    LazyLock::new(|| words_of(LANGUAGES[2], LANGUAGES[2].send)),
    LazyLock::new(|| words_of(LANGUAGES[3], LANGUAGES[3].send)),
    LazyLock::new(|| words_of(LANGUAGES[4], LANGUAGES[4].send)),
    LazyLock::new(|| words_of(LANGUAGES[5], LANGUAGES[5].send)),
    LazyLock::new(|| words_of(LANGUAGES[6], LANGUAGES[6].send)),
];

static SECRETS: PerLanguage = [
    LazyLock::new(|| words_of(LANGUAGES[0], LANGUAGES[0].secrets)),
    LazyLock::new(|| words_of(LANGUAGES[1], LANGUAGES[1].secrets)),
    LazyLock::new(|| words_of(LANGUAGES[2], LANGUAGES[2].secrets)),
    LazyLock::new(|| words_of(LANGUAGES[3], LANGUAGES[3].secrets)),
    LazyLock::new(|| words_of(LANGUAGES[4], LANGUAGES[4].secrets)),
    LazyLock::new(|| words_of(LANGUAGES[5], LANGUAGES[5].secrets)),
    LazyLock::new(|| words_of(LANGUAGES[6], LANGUAGES[6].secrets)),
];

/// Whether an address in language `L` is not the end of a request to send: its sentence lacks
/// a verb of sending or a secret, or negates the verb ("never send your password to …" is
/// a page warning its reader).
fn unsent<const L: usize>(text: &str, m: Range<usize>) -> bool {
    let s = sentence(text, m);
    !(SEND[L].is_match(s) && SECRETS[L].is_match(s)) || NEGATED_SEND[L].is_match(s)
}

/// The three signals of language `L` (an index of [`LANGUAGES`]), with the `needs` of each:
/// a verb of disregarding and a word for instructions; a system label and its colon; a verb
/// of sending, a secret and an address.
macro_rules! language {
    ($l:literal, $disregard:expr, $instructions:expr, $labels:expr, $send:expr, $secrets:expr) => {
        [
            Signal {
                what: "an order to set the model's instructions aside",
                strength: Strong,
                page: PageWeight::Strong,
                // Words some languages share with English ("ignore … instructions"), so
                // English's defence reads the same.
                excused: Some(owned_by_data),
                needs: &[$disregard, $instructions],
                pattern: LazyLock::new(|| disregard(LANGUAGES[$l])),
            },
            Signal {
                what: "a conversation turn or role marker",
                strength: Strong,
                page: PageWeight::Strong,
                excused: None,
                needs: &[$labels, &[":"]],
                pattern: LazyLock::new(|| system_turn(LANGUAGES[$l])),
            },
            Signal {
                what: "the user's data sent to an address",
                strength: Strong,
                page: PageWeight::Strong,
                excused: Some(unsent::<$l>),
                needs: &[$send, $secrets, &["@", "http"]],
                pattern: LazyLock::new(|| send_out(LANGUAGES[$l])),
            },
        ]
    };
}

/// The strong signals of the other languages.
pub(crate) static SIGNALS: LazyLock<Vec<Signal>> = LazyLock::new(|| {
    [
        language!(
            0,
            &[
                "ignorier",
                "vergiss",
                "vergesst",
                "vergess",
                "missacht",
                "überg",
                "verwirf",
                "verwerf",
                "außer kraft",
                "beacht",
                "befolg"
            ],
            &[
                "anweisung",
                "instruktion",
                "befehl",
                "vorgabe",
                "richtlinie",
                "regel",
                "anordnung",
                "prompt",
                "systemnachricht",
                "programmierung"
            ],
            &[
                "systemnachricht",
                "systemanweisung",
                "systemprompt",
                "systemhinweis",
                "administratorbefehl"
            ],
            &[
                "send",
                "schick",
                "übermittel",
                "übermittl",
                "leite",
                "weiterleit",
                "lade",
                "hochlad",
                "poste",
                "mail"
            ],
            &[
                "passw",
                "kennw",
                "zugangsdaten",
                "anmeldedaten",
                "cookie",
                "sitzungs",
                "schlüssel",
                "verlauf",
                "kreditkarten",
                "daten",
                "token"
            ]
        ),
        language!(
            1,
            &[
                "ignor",
                "oubli",
                "néglig",
                "compte",
                "abstraction",
                "outre",
                "outrepass",
                "écart",
                "contourn",
                "suis",
                "suivez",
                "suivre",
                "respecte"
            ],
            &[
                "instruction",
                "consigne",
                "directive",
                "règle",
                "ordre",
                "commande",
                "indication",
                "prompt",
                "invite",
                "message système",
                "messages système",
                "programmation"
            ],
            &["système", "administrateur"],
            &[
                "envoi",
                "envoy",
                "transmet",
                "transfér",
                "transfèr",
                "partag",
                "poste",
                "téléverse"
            ],
            &[
                "mot de passe",
                "mots de passe",
                "identifiants",
                "cookie",
                "jeton",
                "clé",
                "clés",
                "historique",
                "données",
                "numéro",
                "informations"
            ]
        ),
        language!(
            2,
            &[
                "ignor",
                "olvid",
                "descart",
                "omit",
                "caso omiso",
                "sigas",
                "siga",
                "sigan",
                "obedezca",
                "hagas caso",
                "respetes",
                "por alto",
                "desobedec",
                "desatiend",
                "seguir"
            ],
            &[
                "instrucci",
                "indicacion",
                "directri",
                "directiva",
                "regla",
                "órden",
                "norma",
                "prompt",
                "mensaje",
                "programaci"
            ],
            &["sistema", "administrador"],
            &[
                "enví", "envia", "manda", "mande", "reenví", "reenvia", "transmit", "compart",
                "sube", "suba", "subir", "publica", "publique"
            ],
            &[
                "contraseña",
                "credencial",
                "cookie",
                "token",
                "clave",
                "historial",
                "datos",
                "número"
            ]
        ),
        language!(
            3,
            &[
                "ignor",
                "esqueç",
                "esquec",
                "desconsider",
                "descart",
                "siga",
                "sigas",
                "sigam",
                "obedeç",
                "respeite",
                "de lado",
                "desobedeç",
                "seguir"
            ],
            &[
                "instruç",
                "orientaç",
                "diretri",
                "diretiva",
                "regra",
                "orden",
                "comando",
                "prompt",
                "mensage",
                "programaç"
            ],
            &["sistema", "administrador"],
            &[
                "envi",
                "mand",
                "encaminh",
                "transmit",
                "compartilh",
                "partilh",
                "carreg",
                "publiq",
                "public"
            ],
            &[
                "senha",
                "credenc",
                "cookie",
                "token",
                "chave",
                "histórico",
                "dados",
                "número"
            ]
        ),
        language!(
            4,
            &[
                "игнорир",
                "забуд",
                "забыть",
                "обращай",
                "слушай",
                "следуй",
                "выполня",
                "подчиня",
                "соблюда",
                "отбрось",
                "откаж",
                "пренебр",
                "отмени",
                "обойди",
                "учитыва"
            ],
            &[
                "инструкци",
                "указани",
                "правил",
                "команд",
                "распоряжени",
                "промпт",
                "директив",
                "установк"
            ],
            &["системн", "администратор"],
            &[
                "отправ",
                "пришли",
                "прислать",
                "перешли",
                "переслать",
                "передай",
                "передать",
                "загрузи",
                "выложи",
                "сбрось",
                "скинь"
            ],
            &[
                "парол",
                "учётн",
                "учетн",
                "cookie",
                "куки",
                "токен",
                "ключ",
                "истори",
                "персональн",
                "данн",
                "номер"
            ]
        ),
        language!(
            5,
            &[
                "忽略", "忽视", "忽視", "无视", "無視", "忘记", "忘記", "忘掉", "不要", "不再",
                "别", "抛开", "拋開", "放弃", "放棄", "绕过", "繞過", "跳过", "跳過", "作废",
                "作廢"
            ],
            &[
                "指令", "指示", "提示", "规则", "規則", "说明", "說明", "命令", "设定", "設定",
                "约束", "約束", "要求"
            ],
            &["系统", "系統", "管理员", "管理員"],
            &[
                "发送", "發送", "发给", "發給", "发到", "發到", "传给", "傳給", "传到", "傳到",
                "上传", "上傳", "转发", "轉發", "提交", "寄给", "寄到"
            ],
            &[
                "密码",
                "密碼",
                "凭据",
                "憑據",
                "凭证",
                "憑證",
                "cookie",
                "令牌",
                "密钥",
                "金鑰",
                "记录",
                "記錄",
                "数据",
                "數據",
                "个人信息",
                "個人資料",
                "信用卡"
            ]
        ),
        language!(
            6,
            &["無視", "忘れ", "破棄", "従わ", "取り消", "無効"],
            &[
                "指示",
                "命令",
                "指令",
                "プロンプト",
                "ルール",
                "規則",
                "設定",
                "制約",
                "インストラクション"
            ],
            &["システム", "管理者"],
            &[
                "送信",
                "送っ",
                "送れ",
                "送付",
                "転送",
                "アップロード",
                "共有",
                "投稿",
                "送る"
            ],
            &[
                "パスワード",
                "認証情報",
                "クッキー",
                "cookie",
                "トークン",
                "キー",
                "秘密鍵",
                "履歴",
                "データ",
                "個人情報",
                "クレジットカード"
            ]
        ),
    ]
    .into_iter()
    .flatten()
    .collect()
});

/// Compiles the grammars that excuse a request to send.
pub(crate) fn warm_up() {
    for grammar in NEGATED_SEND.iter().chain(&SEND).chain(&SECRETS) {
        let _ = grammar.is_match("");
    }
}

#[cfg(test)]
mod tests;
