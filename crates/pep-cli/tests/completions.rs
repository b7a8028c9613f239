//! `pep completions bash|zsh|fish`: a script on stdout naming every command and option.

use std::process::{Command, Output};

fn pep(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pep"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run pep: {e}"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn each_shell_gets_a_script_naming_the_commands() {
    for (shell, opening) in [
        ("bash", "_pep() {"),
        ("zsh", "#compdef pep"),
        ("fish", "complete -c pep"),
    ] {
        let out = pep(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", text(&out.stderr));
        assert_eq!(text(&out.stderr), "", "{shell}");
        let script = text(&out.stdout);
        assert!(script.contains(opening), "{shell}: {script}");
        for word in [
            "validate",
            "export",
            "import",
            "stats",
            "diff",
            "redact",
            "completions",
            "max-tokens",
            "format",
        ] {
            assert!(script.contains(word), "{shell} lacks {word}: {script}");
        }
        // The values of `--to` and `--from` are offered.
        assert!(script.contains("anthropic"), "{shell}: {script}");
        assert!(script.contains("responses"), "{shell}: {script}");
        assert!(script.contains("auto"), "{shell}: {script}");
    }
    let bash = text(&pep(&["completions", "bash"]).stdout);
    assert!(bash.contains("--max-tokens"), "{bash}");
    assert!(bash.contains("complete -F _pep"), "{bash}");
}

#[test]
fn an_unknown_shell_is_a_usage_error() {
    for (args, message) in [
        (
            &["completions", "tcsh"][..],
            "pep: completions: unknown shell `tcsh` (supported: bash, zsh, fish)",
        ),
        (&["completions"][..], "pep: completions: no SHELL given\n"),
        (
            &["completions", "bash", "zsh"][..],
            "pep: completions: takes exactly one SHELL\n",
        ),
    ] {
        let out = pep(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(text(&out.stdout), "", "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.starts_with(message), "{args:?}: {stderr}");
        assert!(
            stderr.ends_with("Try `pep --help`.\n"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn the_help_says_how_to_install() {
    let out = pep(&["completions", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = text(&out.stdout);
    assert!(help.starts_with("pep completions — "), "{help}");
    assert!(
        help.contains("~/.config/fish/completions/pep.fish"),
        "{help}"
    );
    assert!(text(&pep(&["--help"]).stdout).contains("pep completions bash|zsh|fish"));
}
