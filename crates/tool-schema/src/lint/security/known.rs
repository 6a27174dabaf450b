//! Tools of widely installed MCP servers, by server: a tool of another list that takes one of
//! these names shadows it, and a client with both servers may call the wrong one.
//!
//! Only names specific enough to belong to one server are listed ("read_file", not "search").
//! A list that holds several of a server's names is that server, a fork or a superset, and is
//! not warned about its own names.

/// One well-known server and its distinctive tool names.
pub(super) struct Server {
    pub(super) name: &'static str,
    pub(super) tools: &'static [&'static str],
}

pub(super) const SERVERS: &[Server] = &[
    Server {
        name: "the reference filesystem server",
        tools: &[
            "read_file",
            "read_text_file",
            "read_media_file",
            "read_multiple_files",
            "write_file",
            "edit_file",
            "create_directory",
            "list_directory",
            "list_directory_with_sizes",
            "directory_tree",
            "move_file",
            "search_files",
            "get_file_info",
            "list_allowed_directories",
        ],
    },
    Server {
        name: "the GitHub server",
        tools: &[
            "create_or_update_file",
            "search_repositories",
            "create_repository",
            "get_file_contents",
            "push_files",
            "create_issue",
            "create_pull_request",
            "fork_repository",
            "create_branch",
            "list_commits",
            "merge_pull_request",
            "get_pull_request",
        ],
    },
    Server {
        name: "Playwright MCP",
        tools: &[
            "browser_navigate",
            "browser_click",
            "browser_snapshot",
            "browser_type",
            "browser_take_screenshot",
            "browser_evaluate",
            "browser_close",
            "browser_fill_form",
            "browser_press_key",
            "browser_wait_for",
        ],
    },
    Server {
        name: "chrome-devtools-mcp",
        tools: &[
            "take_snapshot",
            "navigate_page",
            "new_page",
            "evaluate_script",
            "list_console_messages",
            "list_network_requests",
            "performance_start_trace",
            "take_screenshot",
        ],
    },
    Server {
        name: "the Slack server",
        tools: &[
            "slack_post_message",
            "slack_list_channels",
            "slack_reply_to_thread",
            "slack_get_channel_history",
        ],
    },
    Server {
        name: "the memory server",
        tools: &[
            "create_entities",
            "create_relations",
            "add_observations",
            "read_graph",
            "search_nodes",
            "open_nodes",
        ],
    },
    Server {
        name: "the git server",
        tools: &[
            "git_status",
            "git_diff",
            "git_commit",
            "git_add",
            "git_log",
            "git_checkout",
        ],
    },
    Server {
        name: "mail servers",
        tools: &["send_email", "read_email", "search_emails"],
    },
    Server {
        name: "shell servers",
        tools: &[
            "execute_command",
            "run_command",
            "run_terminal_cmd",
            "execute_shell_command",
        ],
    },
];

/// How many of a server's names a list must hold to count as that server.
const SAME_SERVER: usize = 3;

/// Folds a tool name for comparison: lowercase, `-` and `.` as `_`.
pub(super) fn fold(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            '-' | '.' => '_',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// The servers `names` (folded) does not belong to, so their names are shadowed when taken.
pub(super) fn foreign(names: &[String]) -> Vec<&'static Server> {
    SERVERS
        .iter()
        .filter(|s| {
            let held = s
                .tools
                .iter()
                .filter(|t| names.iter().any(|n| n == *t))
                .count();
            held < SAME_SERVER.min(s.tools.len())
        })
        .collect()
}
