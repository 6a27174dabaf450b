//! Japanese: its words for the strong signals, and the prefilter's pieces of them.

use super::language::{Language, Pieces, Words};

pub(super) const JAPANESE: Language = Language {
    words: Words {
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
    },
    pieces: Pieces {
        disregard: &["無視", "忘れ", "破棄", "従わ", "取り消", "無効"],
        instructions: &[
            "指示",
            "命令",
            "指令",
            "プロンプト",
            "ルール",
            "規則",
            "設定",
            "制約",
            "インストラクション",
        ],
        system_label: &["システム", "管理者"],
        send: &[
            "送信",
            "送っ",
            "送れ",
            "送付",
            "転送",
            "アップロード",
            "共有",
            "投稿",
            "送る",
        ],
        secrets: &[
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
            "クレジットカード",
        ],
    },
};
