//! The lint rules' cases: for each rule, a tool list that must trigger it and one that must not.

use serde_json::{Value, json};
use tool_schema::{Config, ValidationReport};

use super::{city, described_output, error_aware_description, good, named, with};

/// `(rule, triggering tools, clean tools, config)`.
pub(super) fn lint_cases() -> Vec<(&'static str, Value, Value, Config)> {
    let d = Config::default;
    let strict = || Config::default().with_profile(tool_schema::Profile::OpenaiStrict);
    let long = "Get the 3-day weather forecast. Use it when asked. Returns isError on failure. "
        .repeat(25);
    let nested = |depth: usize| {
        let mut inner = json!({"type": "string", "description": "Leaf value in the tree"});
        for _ in 0..depth {
            inner = json!({"type": "object", "description": "A level of the tree", "properties": {"next": inner}});
        }
        with(json!({"inputSchema": {"type": "object", "properties": {"tree": inner}}}))
    };
    let params = |n: usize| {
        let props: serde_json::Map<String, Value> = (0..n)
            .map(|i| {
                (
                    format!("option_{i}"),
                    json!({"type": "string", "description": "An option of the query"}),
                )
            })
            .collect();
        with(json!({"inputSchema": {"type": "object", "properties": props}}))
    };
    let many = |n: usize| {
        Value::Array(
            (0..n)
                .map(|i| {
                    named(
                        &format!("get_station_{i}"),
                        &format!("Get readings of weather station number {i}. Use it for local data. Returns isError when offline."),
                    )
                })
                .collect(),
        )
    };
    // Tools of ≈950 tokens each: under the per-tool budget, over the list budget at 9.
    let big = |n: usize| {
        let text = "Reading of the station. ".repeat(150);
        Value::Array(
            (0..n)
                .map(|i| {
                    let mut t = named(
                        &format!("get_station_{i}"),
                        &format!("Get readings of weather station number {i}. Use it for local data. Returns isError when offline."),
                    );
                    t["inputSchema"]["properties"]["city"]["description"] = json!(text);
                    t
                })
                .collect(),
        )
    };
    let report_schema = ValidationReport::json_schema();
    vec![
        (
            "TS-NAME-FORMAT",
            json!([with(json!({"name": "get forecast!"}))]),
            json!([good()]),
            d(),
        ),
        (
            "TS-NAME-FORMAT",
            json!([with(json!({"name": null}))]),
            json!([good()]),
            d(),
        ),
        (
            "TS-NAME-DUP",
            json!([good(), good()]),
            json!([good(), named("get_alerts", "x")]),
            d(),
        ),
        (
            "TS-NAME-DUP",
            json!([good(), with(json!({"name": "Get_Forecast"}))]),
            json!([good()]),
            d(),
        ),
        (
            "TS-NAME-PORTABLE",
            json!([with(json!({"name": "weather.get_forecast"}))]),
            json!([good()]),
            d(),
        ),
        (
            "TS-IN-ROOT",
            json!([with(json!({"inputSchema": {"type": "array"}}))]),
            json!([good()]),
            d(),
        ),
        (
            "TS-IN-ROOT",
            json!([with(json!({"inputSchema": null}))]),
            json!([good()]),
            d(),
        ),
        (
            "TS-SCHEMA-VALID",
            json!([city(json!({"type": "strin", "description": "City"}))]),
            json!([good()]),
            d(),
        ),
        (
            "TS-SCHEMA-VALID",
            json!([city(
                json!({"type": "string", "description": "City", "minLength": -1})
            )]),
            json!([good()]),
            d(),
        ),
        (
            "TS-REQ-UNKNOWN",
            json!([with(
                json!({"inputSchema": {"type": "object", "properties": {}, "required": ["town"]}})
            )]),
            json!([good()]),
            d(),
        ),
        (
            "TS-OUT-ROOT",
            json!([with(
                json!({"outputSchema": {"type": "array", "items": {"type": "number"}}})
            )]),
            json!([with(json!({"outputSchema": described_output()}))]),
            d(),
        ),
        (
            "TS-REF-REMOTE",
            json!([city(
                json!({"$ref": "https://example.com/city.json", "description": "City"})
            )]),
            json!([with(
                json!({"inputSchema": {"type": "object", "properties": {"city": {"$ref": "#/$defs/city"}},
                "$defs": {"city": {"type": "string", "description": "City name"}}}})
            )]),
            d(),
        ),
        (
            "TS-REF-REMOTE",
            json!([city(
                json!({"$ref": "#/$defs/missing", "description": "City"})
            )]),
            json!([good()]),
            d(),
        ),
        (
            "TS-DIALECT-EXPLICIT",
            json!([with(
                json!({"inputSchema": {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "additionalProperties": false}})
            )]),
            json!([good()]),
            d(),
        ),
        (
            "TS-NONSTD-FORMAT",
            json!([city(
                json!({"type": "integer", "format": "uint32", "description": "City id"})
            )]),
            json!([city(
                json!({"type": "string", "format": "uuid", "description": "City id"})
            )]),
            d(),
        ),
        (
            "TS-NULLABLE-KW",
            json!([city(
                json!({"type": "string", "nullable": true, "description": "City"})
            )]),
            json!([city(
                json!({"type": ["string", "null"], "description": "City"})
            )]),
            d(),
        ),
        (
            "TS-XMCPHEADER",
            json!([city(
                json!({"type": "string", "description": "City", "x-mcp-header": "Bad Header"})
            )]),
            json!([city(
                json!({"type": "string", "description": "City", "x-mcp-header": "X-City"})
            )]),
            d(),
        ),
        (
            "TS-XMCPHEADER",
            json!([city(
                json!({"type": "number", "description": "City", "x-mcp-header": "X-City"})
            )]),
            json!([good()]),
            d(),
        ),
        (
            "TS-META-KEY",
            json!([with(json!({"_meta": {"bad key!": 1}}))]),
            json!([with(json!({"_meta": {"com.example/trace": 1}}))]),
            d(),
        ),
        (
            "TS-META-KEY",
            json!([with(json!({"_meta": {"io.modelcontextprotocol/x": 1}}))]),
            json!([good()]),
            d(),
        ),
        (
            "TS-ICON-SRC",
            json!([with(
                json!({"icons": [{"src": "http://example.com/i.png"}]})
            )]),
            json!([with(
                json!({"icons": [{"src": "https://example.com/i.png"}]})
            )]),
            d(),
        ),
        (
            "TS-ANN-INCONSISTENT",
            json!([with(
                json!({"annotations": {"readOnlyHint": true, "destructiveHint": true}})
            )]),
            json!([good()]),
            d(),
        ),
        (
            "TS-ANN-INCONSISTENT",
            json!([with(
                json!({"title": "Forecast", "annotations": {"title": "Weather"}})
            )]),
            json!([with(
                json!({"title": "Forecast", "annotations": {"title": "Forecast"}})
            )]),
            d(),
        ),
        (
            "TD-MISSING",
            json!([with(json!({"description": null}))]),
            json!([good()]),
            d(),
        ),
        (
            "TD-MISSING",
            json!([with(json!({"description": "  "}))]),
            json!([good()]),
            d(),
        ),
        (
            "TD-TAUTOLOGY",
            json!([with(json!({"description": "Get forecast."}))]),
            json!([good()]),
            d(),
        ),
        (
            "TD-SHORT",
            json!([with(json!({"description": "Weather by city, or error."}))]),
            json!([good()]),
            d(),
        ),
        (
            "TD-LONG",
            json!([with(json!({"description": long}))]),
            json!([good()]),
            d(),
        ),
        (
            "TD-PLACEHOLDER",
            json!([with(
                json!({"description": "TODO: describe. Use it when asked. Returns isError on failure."})
            )]),
            json!([named(
                "find_markers",
                "Find TODO comments in the code base. Use it when asked for open work. Returns isError when the path is missing."
            )]),
            d(),
        ),
        (
            "TD-NO-USAGE",
            json!([with(
                json!({"description": "Get the 3-day weather forecast for a city. Returns isError when the city is unknown."})
            )]),
            json!([good()]),
            d(),
        ),
        (
            "TD-NO-ERRORS",
            json!([with(
                json!({"description": "Get the 3-day weather forecast for a city. Use it when the user asks about coming weather."})
            )]),
            json!([good()]),
            d(),
        ),
        (
            "TD-ERROR-FIELD-UNMENTIONED",
            json!([with(
                json!({"description": "Validate a weather station feed. Use it before importing. Fails with isError on bad input.", "outputSchema": report_schema})
            )]),
            json!([with(
                json!({"description": error_aware_description(), "outputSchema": report_schema})
            )]),
            d(),
        ),
        (
            "TD-NO-RETURN",
            json!([with(
                json!({"name": "set_units", "annotations": {"readOnlyHint": false}, "description": "Switch the temperature units to metric or imperial. Use it when the user asks for other units. Fails with isError when the unit is unknown."})
            )]),
            json!([with(
                json!({"name": "set_units", "annotations": {"readOnlyHint": false}, "description": "Switch the temperature units to metric or imperial. Use it when the user asks for other units. Returns the new setting; fails with isError when the unit is unknown."})
            )]),
            d(),
        ),
        (
            "TD-NO-EXAMPLE",
            json!([with(
                json!({"inputSchema": {"type": "object", "properties": {"spot": {"type": "object", "description": "Where to look",
                "properties": {"lat": {"type": "number", "description": "Latitude in degrees"}}}}}})
            )]),
            json!([with(
                json!({"inputSchema": {"type": "object", "properties": {"spot": {"type": "object", "description": "Where to look",
                "examples": [{"lat": 48.8}], "properties": {"lat": {"type": "number", "description": "Latitude in degrees"}}}}}})
            )]),
            d(),
        ),
        (
            "TD-ANN-CONTRADICTION",
            json!([with(json!({"name": "update_forecast"}))]),
            json!([with(
                json!({"name": "update_forecast", "annotations": {"readOnlyHint": false}})
            )]),
            d(),
        ),
        (
            "TD-DESTRUCTIVE-UNDECLARED",
            json!([with(json!({"name": "delete_alert", "annotations": null}))]),
            json!([with(
                json!({"name": "delete_alert", "annotations": {"destructiveHint": true}})
            )]),
            d(),
        ),
        (
            "TD-DANGLING-XREF",
            json!([
                named(
                    "get_forecast",
                    "Get the forecast for a city. Use get_warnings for alerts. Returns isError when unknown."
                ),
                named("get_alerts", "x"),
                named("get_radar", "y")
            ]),
            json!([
                named(
                    "get_forecast",
                    "Get the forecast for a city. Use get_alerts for alerts. Returns isError when unknown."
                ),
                named("get_alerts", "x"),
                named("get_radar", "y")
            ]),
            d(),
        ),
        (
            "TD-BOILERPLATE",
            json!([
                named(
                    "get_forecast",
                    "This tool is part of the Acme weather suite and gets forecasts."
                ),
                named(
                    "get_alerts",
                    "This tool is part of the Acme weather suite and gets alerts."
                ),
                named(
                    "get_radar",
                    "This tool is part of the Acme weather suite and gets radar."
                )
            ]),
            json!([
                named(
                    "get_forecast",
                    "Gets forecasts. This tool is part of the Acme weather suite."
                ),
                named(
                    "get_alerts",
                    "Gets alerts. This tool is part of the Acme weather suite."
                ),
                named(
                    "get_radar",
                    "Gets radar. This tool is part of the Acme weather suite."
                )
            ]),
            d(),
        ),
        (
            "TD-NEAR-DUP",
            json!([
                named(
                    "get_forecast",
                    "Get the weather forecast for one city over the next three days, with hourly temperature, wind and rain."
                ),
                named(
                    "get_outlook",
                    "Get the weather forecast for one city over the next seven days, with hourly temperature, wind and rain."
                )
            ]),
            json!([
                named(
                    "get_forecast",
                    "Get the weather forecast for one city over the next three days, with hourly temperature, wind and rain."
                ),
                named(
                    "get_alerts",
                    "List active storm, flood and heat alerts issued by national services for a region, newest first."
                )
            ]),
            d(),
        ),
        (
            "TD-CONFUSABLE",
            json!([named("get_alert", "a"), named("get_alerts", "b")]),
            json!([named("get_alerts", "a"), named("get_radar", "b")]),
            d(),
        ),
        (
            "TD-NAMING-MIX",
            json!([named("get_forecast", "a"), named("getAlerts", "b")]),
            json!([named("get_forecast", "a"), named("get_alerts", "b")]),
            d(),
        ),
        (
            "TD-GENERIC-VERB",
            json!([with(json!({"name": "run"}))]),
            json!([with(json!({"name": "run_report"}))]),
            d(),
        ),
        (
            "TP-PARAM-DESC",
            json!([city(json!({"type": "string"}))]),
            json!([good()]),
            d(),
        ),
        (
            "TP-PARAM-DESC",
            json!([with(
                json!({"inputSchema": {"type": "object", "properties": {"unit": {"$ref": "#/$defs/unit"}}, "$defs": {"unit": {"type": "string", "enum": ["c", "f"]}}}})
            )]),
            json!([with(
                json!({"inputSchema": {"type": "object", "properties": {"unit": {"$ref": "#/$defs/unit"}}, "$defs": {"unit": {"type": "string", "enum": ["c", "f"], "description": "Temperature unit"}}}})
            )]),
            d(),
        ),
        (
            "TP-OUT-DESC",
            json!([with(
                json!({"outputSchema": {"type": "object", "properties": {"high": {"type": "number"}}}})
            )]),
            json!([with(json!({"outputSchema": described_output()}))]),
            d(),
        ),
        (
            "TP-NO-TYPE",
            json!([city(json!({"description": "City name"}))]),
            json!([good()]),
            d(),
        ),
        (
            "TP-PROSE-ENUM",
            json!([city(
                json!({"type": "string", "description": "Unit system, must be one of metric, imperial"})
            )]),
            json!([city(
                json!({"type": "string", "enum": ["metric", "imperial"], "description": "Unit system, must be one of metric, imperial"})
            )]),
            d(),
        ),
        (
            "TP-AMBIGUOUS-NAME",
            json!([with(
                json!({"inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}})
            )]),
            json!([with(
                json!({"inputSchema": {"type": "object", "properties": {"id": {"type": "string", "description": "Station id"}}}})
            )]),
            d(),
        ),
        ("TP-DEPTH", json!([nested(4)]), json!([nested(2)]), d()),
        ("TP-COUNT", json!([params(9)]), json!([params(8)]), d()),
        (
            "TP-NO-REQUIRED",
            json!([with(
                json!({"inputSchema": {"type": "object", "properties": {
                    "city": {"type": "string", "description": "City name, e.g. Paris"}
                }}})
            )]),
            json!([with(
                json!({"inputSchema": {"type": "object", "required": [], "properties": {
                    "city": {"type": "string", "description": "City name, e.g. Paris"}
                }}})
            )]),
            d(),
        ),
        (
            "TP-STRICT-OPEN",
            json!([with(
                json!({"inputSchema": {"type": "object", "additionalProperties": false,
                "required": ["place"], "properties": {"place": {
                    "type": "object", "description": "Where", "required": ["city"],
                    "properties": {"city": {"type": "string", "description": "City name"}}
                }}}})
            )]),
            json!([good()]),
            strict(),
        ),
        (
            "TP-STRICT-OPTIONAL",
            json!([with(
                json!({"inputSchema": {"type": "object", "additionalProperties": false,
                "required": ["city"], "properties": {
                    "city": {"type": "string", "description": "City name"},
                    "units": {"type": "string", "description": "metric or imperial"}
                }}})
            )]),
            json!([good()]),
            strict(),
        ),
        (
            "TD-NAME-UNRELATED",
            json!([named(
                "get_forecast",
                "Returns the coming days' weather for a city. Use it when the user plans a trip; \
                 isError with a message when the city is unknown."
            )]),
            json!([good()]),
            d(),
        ),
        (
            "TD-MIXED-LANG",
            json!([named(
                "get_forecast",
                "Get the 3-day weather forecast for a city. Use it when asked; returns isError \
                 on failure. 获取城市未来三天的天气预报，当用户询问天气时使用。"
            )]),
            json!([good()]),
            d(),
        ),
        (
            "TP-NOARG-OPEN",
            json!([with(json!({"inputSchema": {"type": "object"}}))]),
            json!([with(
                json!({"inputSchema": {"type": "object", "additionalProperties": false}})
            )]),
            d(),
        ),
        (
            "TT-TOOL",
            json!([city(
                json!({"type": "string", "description": long.repeat(3)})
            )]),
            json!([good()]),
            d(),
        ),
        ("TT-CATALOG", big(9), big(3), d()),
        ("TT-COUNT", many(26), many(25), d()),
        (
            "TE-SHAPE",
            json!([with(
                json!({"description": error_aware_description(), "outputSchema": {"type": "object", "properties": {
                "hasValidationErrors": {"type": "string", "description": "Whether it failed"},
                "validationStatus": {"type": "string", "enum": ["ok", "bad"], "description": "Outcome"}}}})
            )]),
            json!([with(
                json!({"description": error_aware_description(), "outputSchema": report_schema})
            )]),
            d(),
        ),
    ]
}
