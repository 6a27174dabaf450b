//! Function names: the grammar, the reserved words, and the validated [`FunctionName`].

use std::fmt;

use crate::error::Error;

/// The longest accepted name, in characters (all accepted characters are ASCII).
pub const MAX_NAME_LEN: usize = 64;

/// Names that are refused although they match the grammar.
///
/// JavaScript reserved words (including strict-mode and contextual ones) would make a confusing
/// global, and the `Object.prototype` members would shadow or reach inherited properties if a
/// backend ever stored functions in an ordinary object. The registry in the page has no
/// prototype, so this list is the second wall, not the only one.
const RESERVED: &[&str] = &[
    // Reserved words, strict-mode reserved words and literals.
    "await",
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "else",
    "enum",
    "export",
    "extends",
    "false",
    "finally",
    "for",
    "function",
    "if",
    "implements",
    "import",
    "in",
    "instanceof",
    "interface",
    "let",
    "new",
    "null",
    "package",
    "private",
    "protected",
    "public",
    "return",
    "static",
    "super",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "typeof",
    "var",
    "void",
    "while",
    "with",
    "yield",
    // Names with special meaning that a function must not shadow.
    "arguments",
    "async",
    "eval",
    "undefined",
    "NaN",
    "Infinity",
    // Object.prototype and Function.prototype members.
    "__proto__",
    "__defineGetter__",
    "__defineSetter__",
    "__lookupGetter__",
    "__lookupSetter__",
    "constructor",
    "prototype",
    "hasOwnProperty",
    "isPrototypeOf",
    "propertyIsEnumerable",
    "toLocaleString",
    "toString",
    "valueOf",
    "apply",
    "bind",
    "call",
    "caller",
    "callee",
    "length",
    "name",
];

/// Checks a function name without keeping it.
///
/// The grammar is `[A-Za-z_$][A-Za-z0-9_$]{0,63}`: an ASCII JavaScript identifier of at most
/// [`MAX_NAME_LEN`] characters. Reserved words (`class`, `await` …) and the names objects
/// inherit (`__proto__`, `constructor`, `toString`, `hasOwnProperty`, `valueOf` …) are refused.
///
/// # Errors
///
/// [`Error::InvalidName`] when the name breaks the grammar, [`Error::ReservedName`] when it is
/// reserved.
///
/// # Example
///
/// ```
/// use fn_registry::validate_name;
///
/// assert!(validate_name("getLinks").is_ok());
/// assert!(validate_name("$_row2").is_ok());
/// assert!(validate_name("2fast").is_err());
/// assert!(validate_name("__proto__").is_err());
/// assert!(validate_name("x\"); alert(1); (\"").is_err());
/// ```
pub fn validate_name(name: &str) -> Result<(), Error> {
    let bytes = name.as_bytes();
    let Some(&first) = bytes.first() else {
        return Err(Error::invalid_name(name, "it is empty"));
    };
    if !(first.is_ascii_alphabetic() || first == b'_' || first == b'$') {
        return Err(Error::invalid_name(
            name,
            "it must start with a letter, _ or $",
        ));
    }
    if !bytes
        .iter()
        .all(|&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
    {
        return Err(Error::invalid_name(
            name,
            "it has a character outside A-Z a-z 0-9 _ $",
        ));
    }
    if bytes.len() > MAX_NAME_LEN {
        return Err(Error::invalid_name(name, "it is longer than 64 characters"));
    }
    if RESERVED.contains(&name) {
        return Err(Error::ReservedName {
            name: name.to_owned(),
        });
    }
    Ok(())
}

/// A name that passed [`validate_name`].
///
/// # Example
///
/// ```
/// use fn_registry::FunctionName;
///
/// let name = FunctionName::new("countLinks")?;
/// assert_eq!(name.as_str(), "countLinks");
/// assert!(FunctionName::new("constructor").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FunctionName(String);

impl FunctionName {
    /// Validates `name` and keeps it.
    ///
    /// # Errors
    ///
    /// As [`validate_name`].
    pub fn new(name: &str) -> Result<Self, Error> {
        validate_name(name)?;
        Ok(Self(name.to_owned()))
    }

    /// A name written in this crate's code, known to be valid.
    pub(crate) fn trusted(name: &'static str) -> Self {
        debug_assert!(validate_name(name).is_ok(), "{name} is not a valid name");
        Self(name.to_owned())
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for FunctionName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

// Lets maps keyed by names be looked up with a `&str`; sound because `Ord`, `Eq` and `Hash`
// are the derived ones of the inner `String`, which agree with `str`'s.
impl std::borrow::Borrow<str> for FunctionName {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for FunctionName {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests;
