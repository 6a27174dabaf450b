//! Case and accent folding, in a file of its own: the build script folds the function-word
//! table with it, so that the words it lays out are the words the crate looks up.

/// Lowercases and strips the accents of Latin letters, so that `Článek` and `clanek`, or
/// `Twitteru` and `twitteru`, compare equal. Other scripts are only lowercased.
pub(crate) fn fold_into(out: &mut String, text: &str) {
    out.reserve(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        // Runs of ASCII, most of a page's text, are copied whole and lowercased in place
        // rather than pushed a char at a time: every node's strings are folded.
        let ascii = rest
            .bytes()
            .position(|b| !b.is_ascii())
            .unwrap_or(rest.len());
        let start = out.len();
        out.push_str(&rest[..ascii]);
        out[start..].make_ascii_lowercase();
        let mut chars = rest[ascii..].chars();
        if let Some(c) = chars.next() {
            if let Some(base) = strip_accent(c) {
                out.push(base);
            } else {
                out.extend(c.to_lowercase());
            }
        }
        rest = chars.as_str();
    }
}

/// Folds a whole string.
pub(crate) fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    fold_into(&mut out, text);
    out
}

/// The base letter of an accented Latin letter (Latin-1 and Latin Extended-A), lowercase.
fn strip_accent(c: char) -> Option<char> {
    let base = match c {
        'à'..='å' | 'À'..='Å' | 'ā' | 'Ā' | 'ă' | 'Ă' | 'ą' | 'Ą' => 'a',
        'ç' | 'Ç' | 'ć' | 'Ć' | 'č' | 'Č' => 'c',
        'ď' | 'Ď' | 'đ' | 'Đ' => 'd',
        'è'..='ë' | 'È'..='Ë' | 'ē' | 'Ē' | 'ė' | 'Ė' | 'ę' | 'Ę' | 'ě' | 'Ě' => 'e',
        'ì'..='ï' | 'Ì'..='Ï' | 'ī' | 'Ī' | 'į' | 'Į' => 'i',
        'ł' | 'Ł' | 'ľ' | 'Ľ' | 'ĺ' | 'Ĺ' => 'l',
        'ñ' | 'Ñ' | 'ń' | 'Ń' | 'ň' | 'Ň' => 'n',
        'ò'..='ö' | 'Ò'..='Ö' | 'ø' | 'Ø' | 'ō' | 'Ō' | 'ő' | 'Ő' => 'o',
        'ŕ' | 'Ŕ' | 'ř' | 'Ř' => 'r',
        'ś' | 'Ś' | 'š' | 'Š' | 'ş' | 'Ş' => 's',
        'ť' | 'Ť' | 'ţ' | 'Ţ' => 't',
        'ù'..='ü' | 'Ù'..='Ü' | 'ū' | 'Ū' | 'ů' | 'Ů' | 'ű' | 'Ű' => 'u',
        'ý' | 'Ý' | 'ÿ' => 'y',
        'ź' | 'Ź' | 'ż' | 'Ż' | 'ž' | 'Ž' => 'z',
        'ß' => 's',
        _ => return None,
    };
    Some(base)
}
