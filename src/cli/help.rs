//! Help text, printed from the command and option tables: `nqueens --help`
//! (or `nqueens help`) for the global help, `nqueens COMMAND --help` (or
//! `nqueens help COMMAND`) for one command's.

use std::fmt::Write;

use super::table::{Cmd, Flag, Scope, COMMANDS, FLAGS};

/// The column where descriptions start.
const COLUMN: usize = 22;

/// The one-line usage shown with usage errors.
pub fn usage() -> String {
    let words: Vec<&str> = COMMANDS
        .iter()
        .map(|def| def.word)
        .filter(|word| !word.is_empty())
        .collect();
    format!(
        "usage: nqueens [OPTIONS] [FILE...]  |  nqueens COMMAND [ARGS]  \
         (commands: {}; nqueens --help for more)",
        words.join(" ")
    )
}

/// The usage shown after a malformed command line: that of `cmd` (its
/// usage lines and where its help is), or the global one-line usage.
pub fn usage_of(cmd: Option<Cmd>) -> String {
    let Some(cmd) = cmd.filter(|cmd| *cmd != Cmd::JudgeMode) else {
        return usage();
    };
    let def = cmd.def();
    let lines: Vec<String> = def.usage.iter().map(|u| format!("nqueens {u}")).collect();
    format!(
        "usage: {}  (nqueens {} --help for more)",
        lines.join("  |  "),
        def.word
    )
}

/// `left` in the first column, `text` (lines) in the second.
fn row(out: &mut String, left: &str, text: &str) {
    row_at(out, COLUMN, left, text);
}

/// [`row`] with the second column at `column`.
fn row_at(out: &mut String, column: usize, left: &str, text: &str) {
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    if left.len() < column {
        let _ = writeln!(out, "{left:<column$}{first}");
    } else {
        let _ = writeln!(out, "{left}\n{:column$}{first}", "");
    }
    for line in lines {
        let _ = writeln!(out, "{:column$}{line}", "");
    }
}

/// An option's left column: `-h, --help` or `--threads T`.
pub fn flag_names(flag: &Flag) -> String {
    let mut names = String::from("    ");
    if let Some(short) = flag.short {
        let _ = write!(names, "-{short}, ");
    }
    names.push_str(flag.long);
    if let Some(value) = flag.value {
        let _ = write!(names, " {value}");
    }
    names
}

/// The options section: the options `cmd` takes, its own first.
fn options(out: &mut String, cmd: Cmd) {
    out.push_str("\nOPTIONS:\n");
    let own = FLAGS
        .iter()
        .filter(|(_, flag)| flag.scope != Scope::Every && flag.scope.includes(cmd));
    let every = FLAGS.iter().filter(|(_, flag)| flag.scope == Scope::Every);
    for (opt, flag) in own.chain(every) {
        row(out, &flag_names(flag), opt.help_for(cmd));
    }
}

/// The global help: every command in one line each, judge mode and its
/// options, exit statuses.
pub fn global() -> String {
    let mut out =
        String::from("nqueens: counts ways to place n mutually non-attacking queens.\n\nUSAGE:\n");
    let judge = Cmd::JudgeMode.def();
    let wide = 33;
    row_at(
        &mut out,
        wide,
        &format!("    nqueens {}", judge.usage[0]),
        judge.summary,
    );
    row_at(
        &mut out,
        wide,
        "    nqueens COMMAND [ARGS]",
        "one of the commands below",
    );
    row_at(
        &mut out,
        wide,
        "    nqueens help [COMMAND]",
        "this help, or a command's",
    );
    out.push_str("\nCOMMANDS:\n");
    for def in COMMANDS.iter().filter(|def| def.cmd != Cmd::JudgeMode) {
        row(&mut out, &format!("    {}", def.word), def.summary);
    }
    out.push_str("\nJUDGE MODE:\n");
    indent(&mut out, Cmd::JudgeMode.def().about);
    options(&mut out, Cmd::JudgeMode);
    // From the registry, so a new method is listed without an edit here.
    out.push_str("\nMETHODS (--method NAME; --explain names the one chosen):\n");
    row(
        &mut out,
        "    auto",
        "the cheapest quote per case (default)",
    );
    let registry = crate::plan::method::registry();
    for method in &registry {
        let about = method.about();
        let text = match about.applies {
            "" => about.help.to_string(),
            applies => format!("{}\napplies to {applies}", about.help),
        };
        row(&mut out, &format!("    {}", about.name), &text);
    }
    let _ = writeln!(
        out,
        "    A forced method counts a case it does not apply to with {}, and\n    \
         says so on stderr.",
        registry[0].about().name
    );
    out.push_str(
        "\nEXIT STATUS:\n    \
         0 success; 1 stress found a failing input, or test a failing file;\n    \
         2 error (malformed input, bad usage, I/O failure). Errors go to\n    \
         stderr as one line. 3 judge mode's --max-time skipped cases (each\n    \
         line says 'skipped'; every other case was answered).\n",
    );
    out
}

/// The help of `help` itself (`nqueens help help`).
pub fn on_help() -> String {
    let words: Vec<&str> = COMMANDS
        .iter()
        .map(|def| def.word)
        .filter(|word| !word.is_empty())
        .collect();
    let mut out = String::from(
        "nqueens help: prints the help of the program or of one command\n\n\
         USAGE:\n    nqueens help [COMMAND]\n    nqueens [COMMAND] --help\n\n",
    );
    indent(
        &mut out,
        &format!(
            "Without COMMAND, the global help: every command, judge mode and its\n\
             options, the counting methods and the exit statuses. With COMMAND, its\n\
             usage, what it does and its options. COMMAND is one of:\n    {}",
            words.join(" ")
        ),
    );
    out
}

/// The help of one command: usage, what it does, the options it takes.
pub fn command(cmd: Cmd) -> String {
    if cmd == Cmd::JudgeMode {
        return global();
    }
    let def = cmd.def();
    let mut out = format!("nqueens {}: {}\n\nUSAGE:\n", def.word, def.summary);
    for usage in def.usage {
        let _ = writeln!(out, "    nqueens {usage}");
    }
    out.push('\n');
    indent(&mut out, &about(cmd));
    options(&mut out, cmd);
    out
}

/// A command's description, with what it says of generated files measured
/// now rather than typed: `bundle`'s `{RUST_SIZE}` is the size of the Rust
/// bundle this binary makes.
fn about(cmd: Cmd) -> String {
    let about = cmd.def().about;
    match cmd {
        Cmd::Bundle => about.replace("{RUST_SIZE}", &crate::tools::bundle::rust_size_in_words()),
        _ => about.to_string(),
    }
}

fn indent(out: &mut String, text: &str) {
    for line in text.lines() {
        let _ = writeln!(out, "    {line}");
    }
}
