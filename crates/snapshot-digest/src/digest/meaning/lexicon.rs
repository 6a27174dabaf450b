//! A small multilingual lexicon of the intents agents meet on web pages.
//!
//! Goals are written in the agent's words, pages in the site's: "join the discussion" must find
//! a link "651" that points to `#disqus_thread`, "log in" a button "登录". Each group lists words
//! and phrases that stand for one intent; a goal word that matches any of them brings in the
//! rest with a lower weight. Groups are kept to intents that recur across sites (accounts,
//! search, comments, sharing, navigation, commerce, reading aids), in the languages of the
//! largest web audiences; a group never lists a word so common that it matches half a page.

/// The intent groups. Multi-word entries are matched as phrases, CJK entries by substring;
/// `role:NAME` entries match nodes of that role whatever their text (a search box called
/// "Keyword" still serves a search goal).
#[rustfmt::skip]
pub(crate) const GROUPS: &[&[&str]] = &[
    // Accounts.
    &[
        "log in", "login", "sign in", "signin", "log on", "logon", "my account", "account",
        "anmelden", "einloggen", "connexion", "se connecter", "iniciar sesion", "acceder",
        "accedi", "inloggen", "prihlasit", "prihlaseni", "zaloguj", "logowanie", "войти", "вход",
        "ログイン", "登录", "登入", "로그인",
    ],
    &[
        "sign up", "signup", "register", "registration", "join", "create account", "new account",
        "registrieren", "inscription", "inscrire", "registrarse", "registrati", "registrace",
        "zarejestruj", "регистрация", "注册", "登録", "회원가입",
    ],
    &[
        "password", "passwort", "mot de passe", "contrasena", "heslo", "haslo", "пароль", "パスワード",
        "密码", "비밀번호",
    ],
    &[
        "username", "user name", "benutzername", "identifiant", "usuario", "uzivatel", "ユーザー名",
        "用户名", "아이디",
    ],
    // Finding things.
    &[
        "search", "look up", "lookup", "query", "suche", "suchen", "rechercher", "recherche",
        "buscar", "busqueda", "cerca", "cercare", "zoeken", "hledat", "vyhledat", "szukaj",
        "поиск", "検索", "搜索", "검색", "look for", "looking for", "pesquisar",
        "pesquisa", "procurar", "role:searchbox",
    ],
    // Conversation.
    &[
        "comment", "comments", "discussion", "discuss", "reply", "replies", "conversation",
        "responses", "reactions", "disqus", "kommentar", "kommentare", "commentaire",
        "commentaires", "reagir", "comentario", "comentarios", "commento", "commenti", "reacties",
        "komentar", "komentare", "diskuse", "komentarze", "комментарии", "コメント", "评论", "留言", "댓글",
    ],
    &[
        "feedback", "forum", "forums", "community", "ask", "questions", "support", "help",
    ],
    &[
        "contact", "get in touch", "email us", "write to", "kontakt", "kontaktni", "contacter",
        "contacto", "contatti", "contatto", "联系", "お問い合わせ", "연락", "contact form", "formular",
    ],
    &[
        "typo", "mistake", "error", "correction", "report", "fehler", "erreur", "chyba", "preklep",
        "誤り", "错误",
    ],
    // Staying informed.
    &[
        "subscribe", "subscription", "newsletter", "newsletters", "sign up", "email updates",
        "alerts", "alert", "mailing list", "notify", "emailed", "email me", "abonnieren",
        "abonner", "abonnement", "suscribirse", "suscribete", "iscriviti", "odebirat", "odber",
        "subskrybuj", "подписаться", "購読", "订阅", "구독", "updates",
    ],
    &["email", "e-mail", "mail", "address", "adresse", "direccion", "メール", "邮箱", "이메일"],
    &[
        "share", "twitter", "facebook", "linkedin", "whatsapp", "reddit", "pinterest", "tweet",
        "teilen", "partager", "compartir", "condividi", "delen", "sdilet", "sdilej", "udostepnij",
        "поделиться", "シェア", "共有", "分享", "공유",
    ],
    &[
        "follow", "twitter", "folgen", "suivre", "seguir", "segui", "sledovat", "obserwuj", "フォロー",
        "关注", "팔로우",
    ],
    // Moving around.
    &[
        "next", "following", "continue", "up next", "suivant",
        "suite", "weiter", "nachste", "siguiente", "successivo", "volgende", "dalsi", "nastepny",
        "далее", "次へ", "下一", "다음",
    ],
    &[
        "previous", "prev", "older", "earlier", "back", "zuruck", "vorherige", "precedent",
        "anterior", "precedente", "vorige", "predchozi", "poprzedni", "前へ", "上一", "이전",
    ],
    &[
        "home", "homepage", "home page", "front page", "main page", "startseite", "accueil",
        "inicio", "首页", "主页", "ホーム", "トップ", "홈",
    ],
    &["menu", "navigation", "hamburger", "menu", "メニュー", "菜单", "메뉴"],
    &[
        "section", "sections", "contents", "table of contents", "toc", "chapter", "jump",
        "abschnitt", "sommaire", "indice", "obsah", "目次", "目录",
    ],
    // Editions and languages: a site's other language versions are named in their own
    // language (autonyms), whatever the language of the goal.
    &[
        "edition", "editions", "language", "languages", "international", "english", "espanol",
        "francais", "deutsch", "italiano", "portugues", "nederlands", "polski", "cestina",
        "русский", "中文", "日本語", "한국어", "العربية",
    ],
    // Two-letter codes only where they are no common word of a corpus language.
    &["chinese", "中文", "简体", "繁體", "繁体", "zh", "cn"],
    &["spanish", "espanol"],
    &["french", "francais", "fr"],
    &["german", "deutsch"],
    &["japanese", "日本語", "jp"],
    &["korean", "한국어", "ko", "kr"],
    &["russian", "русский", "ru"],
    &["portuguese", "portugues"],
    &["italian", "italiano"],
    &["arabic", "العربية"],
    // Who and where from.
    &[
        "author", "authors", "writer", "byline", "contributor", "columnist", "journalist",
        "reporter", "profile", "written by", "posted by", "autor", "auteur", "autore", "novinar",
        "作者", "著者", "记者", "기자",
    ],
    &[
        "source", "original", "via", "quelle", "fuente", "fonte", "zdroj", "zrodlo", "источник",
        "出典", "来源", "출처",
    ],
    &[
        "published", "updated", "date", "posted", "last updated", "veroffentlicht", "aktualisiert",
        "publie", "mis a jour", "publicado", "pubblicato", "aktualizovano", "公開", "更新", "发布", "时间",
        "january", "february", "march", "april", "may", "june", "july", "august", "september",
        "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
        "sept", "oct", "nov", "dec", "role:time",
    ],
    // Doing things with the page.
    &[
        "print", "printer", "printable", "paper", "papier", "drucken", "druck", "imprimer",
        "imprimir", "stampa", "tisk", "drukuj", "печать", "印刷", "打印", "인쇄",
    ],
    &[
        "download", "downloads", "install", "herunterladen", "telecharger", "descargar", "scarica",
        "stahnout", "pobierz", "скачать", "ダウンロード", "下载", "다운로드",
    ],
    &[
        "play", "watch", "video", "trailer", "player", "youtube", "abspielen", "lecture",
        "reproducir", "再生", "播放", "재생",
    ],
    &[
        "bookmark", "save", "read later", "favorite", "favourite", "merken", "enregistrer",
        "guardar", "salva", "ulozit", "保存", "收藏", "저장",
    ],
    &[
        "like", "enjoyed", "enjoy", "recommend", "love", "heart", "upvote",
        "thumbs up", "gefallt", "j'aime", "me gusta", "いいね", "赞", "좋아요",
    ],
    &[
        "hide", "cover", "conceal", "close", "collapse", "dismiss", "ausblenden", "masquer",
        "ocultar", "nascondi", "skryt", "非表示", "隐藏", "숨기기",
    ],
    &[
        "buy", "purchase", "cart", "basket", "bag", "checkout", "order", "shop", "price",
        "buy now", "warenkorb", "kaufen", "panier", "acheter", "carrito", "comprar", "carrello",
        "acquista", "winkelwagen", "kosik", "koupit", "koszyk", "корзина", "купить", "カート", "購入",
        "购物车", "购买", "장바구니",
    ],
    &[
        "review", "reviews", "rating", "ratings", "rated", "stars", "★", "testimonials",
        "opinions", "bewertung", "bewertungen",
        "avis", "opiniones", "recensioni", "hodnoceni", "opinie", "отзывы", "レビュー", "评价", "리뷰",
    ],
    &[
        "price", "prices", "pricing", "cost", "costs", "how much", "expensive", "cheap", "fee",
        "$", "£", "€", "¥", "preis", "prix", "precio", "prezzo", "cena", "価格", "价格",
    ],
    &[
        "font size", "text size", "font", "bigger", "larger", "enlarge", "increase", "zoom",
        "aumentar", "fonte", "tamanho", "schriftgrosse", "vergrossern", "agrandir", "taille",
        "agrandar", "ingrandisci", "文字サイズ", "字体", "字号", "글자 크기",
    ],
    &["table", "row", "role:table", "role:cell", "role:rowheader"],
    &["checkbox", "check box", "tick", "role:checkbox"],
    &["tab", "tabs", "role:tab"],
];

/// The lexicon folded once (case and accents), with the light stem of each one-word,
/// non-CJK term: goals are analysed on every digest, the lexicon never changes.
pub(crate) struct FoldedTerm {
    pub(crate) folded: String,
    /// The stem, for terms that are one plain word; empty otherwise.
    pub(crate) stem: String,
}

pub(crate) fn folded_groups() -> &'static [Vec<FoldedTerm>] {
    static FOLDED: std::sync::OnceLock<Vec<Vec<FoldedTerm>>> = std::sync::OnceLock::new();
    FOLDED.get_or_init(|| {
        GROUPS
            .iter()
            .map(|terms| {
                terms
                    .iter()
                    .map(|t| {
                        let folded = super::text::fold(t);
                        let plain = !folded.contains(' ')
                            && !folded.starts_with("role:")
                            && !folded.chars().any(super::text::is_cjk);
                        let stem = if plain {
                            super::text::stem(&folded).to_owned()
                        } else {
                            String::new()
                        };
                        FoldedTerm { folded, stem }
                    })
                    .collect()
            })
            .collect()
    })
}

/// Words that carry no intent of their own, in the languages of the lexicon.
pub(crate) fn is_stopword(word: &str) -> bool {
    matches!(
        word,
        "a" | "an"
            | "the"
            | "to"
            | "of"
            | "for"
            | "on"
            | "in"
            | "at"
            | "by"
            | "with"
            | "from"
            | "and"
            | "or"
            | "is"
            | "are"
            | "was"
            | "be"
            | "it"
            | "its"
            | "this"
            | "that"
            | "these"
            | "those"
            | "i"
            | "me"
            | "my"
            | "we"
            | "our"
            | "you"
            | "your"
            | "he"
            | "she"
            | "his"
            | "her"
            | "they"
            | "them"
            | "their"
            | "would"
            | "d"
            | "s"
            | "m"
            | "can"
            | "could"
            | "please"
            | "some"
            | "any"
            | "all"
            | "so"
            | "do"
            | "does"
            | "did"
            | "there"
            | "here"
            | "where"
            | "which"
            | "what"
            | "who"
            | "when"
            | "how"
            | "about"
            | "into"
            | "out"
            | "up"
            | "as"
            | "if"
            | "then"
            | "one"
            | "just"
            | "am"
            | "has"
            | "have"
            | "had"
            | "will"
            | "page"
            | "site"
            | "website"
            | "article"
            | "story"
            | "post"
            | "piece"
            | "find"
            | "go"
            | "take"
            | "open"
            | "show"
            | "get"
            | "see"
            | "let"
            | "make"
            | "click"
            | "button"
            | "link"
            | "use"
            | "using"
            | "still"
            | "now"
            | "der"
            | "die"
            | "das"
            | "und"
            | "ich"
            | "diesen"
            | "dieser"
            | "auf"
            | "zu"
            | "mit"
            | "ein"
            | "eine"
            | "le"
            | "la"
            | "les"
            | "de"
            | "des"
            | "du"
            | "et"
            | "en"
            | "un"
            | "une"
            | "sur"
            | "el"
            | "los"
            | "las"
            | "y"
            | "il"
            | "lo"
            | "di"
            | "da"
            | "na"
            | "se"
            | "je"
            | "ve"
            | "v"
            | "ze"
            | "tento"
            | "tuto"
            | "under"
            | "over"
            | "below"
            | "above"
            | "after"
            | "before"
            | "same"
            | "new"
            | "again"
            | "very"
            | "really"
            | "only"
            | "own"
            | "each"
            | "every"
            | "both"
            | "such"
            | "than"
            | "too"
            | "like"
            | "more"
            | "other"
            | "also"
            | "once"
            | "should"
            | "may"
            | "might"
            | "want"
            | "need"
            | "know"
            | "someone"
            | "something"
            | "way"
            | "thing"
            | "things"
            | "im"
            | "ll"
            | "re"
            | "don"
            | "t"
            | "it's"
            | "until"
            | "while"
            | "whose"
            | "why"
            | "via"
            | "pour"
            | "par"
            | "fur"
            | "von"
            | "dem"
            | "den"
            | "brauche"
            | "read"
    )
}
