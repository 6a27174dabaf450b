//! One language other than English, declared once: the word classes its grammars are built
//! from, and the pieces of those words the prefilter looks for.

/// One language: its words, and the prefilter's pieces of them.
pub(super) struct Language {
    pub(super) words: Words,
    pub(super) pieces: Pieces,
}

/// One language's word classes, each an alternation in its grammars.
pub(super) struct Words {
    /// Verbs of disregarding, before their object.
    pub(super) disregard: &'static str,
    /// The same, after their object (infinitives, the verb-final imperative of Japanese).
    pub(super) disregard_after: &'static str,
    /// Words that may stand between such a verb and its object.
    pub(super) between: &'static str,
    /// Words for instructions, rules, a prompt.
    pub(super) instructions: &'static str,
    /// Labels that open a system turn: "Systemnachricht:".
    pub(super) system_label: &'static str,
    /// Verbs of sending, uploading, forwarding.
    pub(super) send: &'static str,
    /// The user's secrets: passwords, cookies, keys, the chat history, personal data.
    pub(super) secrets: &'static str,
    /// Words that say "never" or "not" before the verb they negate.
    pub(super) negation: &'static str,
    /// Words that say "never" or "not" after the verb they negate (German, French), or the
    /// negative forms of a verb-final language.
    pub(super) negation_after: &'static str,
    /// An order to do something before or instead of the task, or a new task announced: the
    /// language's own small grammar (a reader's signal, weak).
    pub(super) task_preempted: &'static str,
    /// A message that says it comes from the user, the writer or the developer, or speaks of
    /// the task the user gave the reader: the language's own small grammar (a model's signal,
    /// weak). A message "from the system" is left out: pages say it of their notices.
    pub(super) from_principal: &'static str,
    /// Money sent, transferred or paid into an account or a wallet: the language's own small
    /// grammar (a reader's signal, weak: banks say it to their customers).
    pub(super) payment: &'static str,
    /// "If you are asked to …", "when you are told to …": a script for the reader's replies,
    /// as English's `REPLY_SCRIPT` (a model's signal, weak: help pages say "if you are asked
    /// for your password").
    pub(super) reply_script: &'static str,
    /// "New instructions", "new task": the words of a header that announces them, read only
    /// after framing marks (`***`, `##`, `[`) by [`framed`](super::grammars::framed).
    pub(super) new_instructions: &'static str,
    /// A verb of revealing and the reader's own system prompt or hidden instructions as its
    /// object ("verrate mir deine Systemanweisungen"): the language's own small grammar, strong
    /// as English's `OWN_PROMPT_ASKED`. The instructions are named with "system", "prompt" or
    /// "hidden" words: a shop's form asks for "your delivery instructions".
    pub(super) own_prompt: &'static str,
    /// A model without limits: "ohne Einschränkungen", "sin censura", "没有任何限制", or in a
    /// mode that lifts them ("Entwicklermodus"), as English's `WITHOUT_LIMITS` and
    /// `MODE_CLAIMED` together (a model's signal, weak: products are sold "without limits").
    pub(super) without_limits: &'static str,
    /// "From now on", "for the rest of this conversation", or an order to answer ("antworte",
    /// "réponds", "ответь"): as English's `STANDING_ORDER` and `ANSWERS_ORDERED` (a reader's
    /// signal, weak: quizzes say "answer the questions", shops "from now on").
    pub(super) standing_order: &'static str,
    /// Reasoning written as the model's own ("als Assistent habe ich bereits festgestellt",
    /// "raisonnement (assistant) :", "思维链的结果"), as English's `REASONING_CLAIMED` (a
    /// model's signal, weak).
    pub(super) reasoning_claimed: &'static str,
    /// The answers given from the text itself ("toute réponse concernant ce document",
    /// "凡是参考本文档的回复", "このFAQに回答する際"), as English's `ANSWERS_FROM_TEXT` (a
    /// model's signal, weak).
    pub(super) answers_from_text: &'static str,
    /// What names a subject right before a verb of disregarding, where the language writes its
    /// imperative as its third person ("il governo ignora le regole", "le gouvernement ignore
    /// les règles" are news, not orders): articles, demonstratives and possessives (each then
    /// with a word or two), and subject pronouns alone. Empty where the imperative has forms of
    /// its own (German, Russian) or the grammar reads no words (Chinese, Japanese).
    pub(super) subject: &'static str,
    /// Whether words are written without spaces (Chinese, Japanese): the grammars then allow a
    /// few chars of any kind between their parts instead of whole words.
    pub(super) unspaced: bool,
}

/// The pieces of a language's words that the prefilter looks for
/// ([`Signal::needs`](crate::signal::Signal::needs)): every match of a grammar holds one piece
/// of each list its signal names.
pub(super) struct Pieces {
    /// Of the verbs of disregarding, before or after their object.
    pub(super) disregard: &'static [&'static str],
    /// Of the words for instructions.
    pub(super) instructions: &'static [&'static str],
    /// Of the labels that open a system turn.
    pub(super) system_label: &'static [&'static str],
    /// Of the verbs of sending.
    pub(super) send: &'static [&'static str],
    /// Of the user's secrets.
    pub(super) secrets: &'static [&'static str],
    /// Of the words of `task_preempted`: every match holds one.
    pub(super) task: &'static [&'static str],
    /// Of the words of `from_principal`: every match holds one.
    pub(super) principal: &'static [&'static str],
    /// Of the verbs of `payment`.
    pub(super) pay: &'static [&'static str],
    /// Of the accounts and wallets of `payment`.
    pub(super) account: &'static [&'static str],
    /// Of the words of `new_instructions`.
    pub(super) new_instructions: &'static [&'static str],
    /// Of the words of `reply_script`: every match holds one.
    pub(super) reply: &'static [&'static str],
    /// Of the objects of `own_prompt`: every match holds one.
    pub(super) own_prompt: &'static [&'static str],
    /// Of the words of `own_prompt` that make the object the reader's ("deine", "tes", "你的"):
    /// every match holds one too, so that a page's "message" or "instructions" alone lets the
    /// text go before the grammar runs.
    pub(super) own_prompt_whose: &'static [&'static str],
    /// Of the words of `without_limits`: every match holds one.
    pub(super) limits: &'static [&'static str],
    /// Of the words of `standing_order`: every match holds one.
    pub(super) standing: &'static [&'static str],
    /// Of the words of `reasoning_claimed`: every match holds one.
    pub(super) reasoning: &'static [&'static str],
    /// Of the words of `answers_from_text` for the answers: every match holds one.
    pub(super) answers_from_text: &'static [&'static str],
    /// Of the words of `answers_from_text` for the text itself ("diese", "document"): every
    /// match holds one too.
    pub(super) text_here: &'static [&'static str],
}
