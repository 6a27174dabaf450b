//! Spanish: its words for the strong signals, and the prefilter's pieces of them.

use super::language::{Language, Pieces, Words};

pub(super) const SPANISH: Language = Language {
    words: Words {
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
    },
    pieces: Pieces {
        disregard: &[
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
            "seguir",
        ],
        instructions: &[
            "instrucci",
            "indicacion",
            "directri",
            "directiva",
            "regla",
            "órden",
            "norma",
            "prompt",
            "mensaje",
            "programaci",
        ],
        system_label: &["sistema", "administrador"],
        send: &[
            "enví", "envia", "manda", "mande", "reenví", "reenvia", "transmit", "compart", "sube",
            "suba", "subir", "publica", "publique",
        ],
        secrets: &[
            "contraseña",
            "credencial",
            "cookie",
            "token",
            "clave",
            "historial",
            "datos",
            "número",
        ],
    },
};
