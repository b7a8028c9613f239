//! The SKILL.md format (spec §4.1): a YAML frontmatter block with `name` and `description`
//! between `---` lines, then the markdown body.
//!
//! Only the subset real SKILL.md files use is accepted: one `key: value` per line, the value
//! plain, 'single-quoted' or "double-quoted". Other keys (`license`, …) are read and ignored.
//! This file is also compiled into the build script, which parses the repo's SKILL.md files
//! at build time, so it depends on nothing but `std`.

/// A parsed SKILL.md file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkillMd {
    /// `name` from the frontmatter.
    pub name: String,
    /// `description` from the frontmatter.
    pub description: String,
    /// The markdown after the frontmatter, without leading blank lines.
    pub body: String,
}

/// A problem in a SKILL.md file, with its 1-based line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkillMdError {
    /// The line of the problem.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for SkillMdError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

fn error(line: usize, message: impl Into<String>) -> SkillMdError {
    SkillMdError {
        line,
        message: message.into(),
    }
}

/// Parses the text of a SKILL.md file.
pub fn parse_skill_md(text: &str) -> Result<SkillMd, SkillMdError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.split_inclusive('\n');
    match lines.next() {
        Some(first) if first.trim_end() == "---" => {}
        _ => return Err(error(1, "expected `---` opening the frontmatter")),
    }
    let (mut name, mut description) = (None, None);
    let mut consumed = 4;
    let mut line_number = 1;
    let mut closed = false;
    for line in lines.by_ref() {
        line_number += 1;
        consumed += line.len();
        let line = line.trim_end_matches(['\n', '\r']);
        if line.trim_end() == "---" {
            closed = true;
            break;
        }
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let Some((key, raw)) = line.split_once(':') else {
            return Err(error(line_number, "expected `key: value`"));
        };
        if key.starts_with(char::is_whitespace) {
            return Err(error(line_number, "nested keys are not supported"));
        }
        let value = unquote(raw.trim()).map_err(|message| error(line_number, message))?;
        match key.trim() {
            "name" => name = Some(value),
            "description" => description = Some(value),
            _ => {}
        }
    }
    if !closed {
        return Err(error(line_number, "the frontmatter is not closed by `---`"));
    }
    let name = name
        .filter(|n| !n.is_empty())
        .ok_or_else(|| error(1, "missing `name`"))?;
    let description = description
        .filter(|d| !d.is_empty())
        .ok_or_else(|| error(1, "missing `description`"))?;
    let rest = text.get(consumed.min(text.len())..).unwrap_or("");
    let body = rest.trim_start_matches(['\n', '\r']).to_owned();
    Ok(SkillMd {
        name,
        description,
        body,
    })
}

fn unquote(value: &str) -> Result<String, String> {
    if let Some(inner) = value.strip_prefix('"') {
        let inner = inner
            .strip_suffix('"')
            .ok_or("unterminated double-quoted value")?;
        let mut out = String::with_capacity(inner.len());
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            match chars.next() {
                Some('"') => out.push('"'),
                Some('\\') => out.push('\\'),
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                other => return Err(format!("unsupported escape `\\{}`", other.unwrap_or(' '))),
            }
        }
        Ok(out)
    } else if let Some(inner) = value.strip_prefix('\'') {
        let inner = inner
            .strip_suffix('\'')
            .ok_or("unterminated single-quoted value")?;
        Ok(inner.replace("''", "'"))
    } else if value.starts_with(['|', '>', '[', '{']) {
        Err("block and flow values are not supported; write the value on one line".into())
    } else {
        Ok(value.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_frontmatter_and_body() {
        let text = "---\nname: pdf\ndescription: \"Read: and \\\"write\\\" PDFs\"\nlicense: MIT\n---\n\n# PDF\nbody\n";
        let skill = parse_skill_md(text).map_err(|e| e.to_string());
        assert_eq!(
            skill,
            Ok(SkillMd {
                name: "pdf".into(),
                description: "Read: and \"write\" PDFs".into(),
                body: "# PDF\nbody\n".into(),
            })
        );
    }

    #[test]
    fn single_quotes_and_crlf() {
        let text = "---\r\nname: 'it''s'\r\ndescription: plain text\r\n---\r\nbody";
        let skill = parse_skill_md(text).map_err(|e| e.to_string());
        assert_eq!(
            skill,
            Ok(SkillMd {
                name: "it's".into(),
                description: "plain text".into(),
                body: "body".into(),
            })
        );
    }

    #[test]
    fn reports_the_line_of_each_problem() {
        let cases = [
            ("# no frontmatter", 1, "expected `---`"),
            ("---\nname: a\n", 2, "not closed"),
            ("---\nname: a\nbad line\n---\n", 3, "key: value"),
            (
                "---\nname: a\ndescription: >\n  folded\n---\n",
                3,
                "block and flow",
            ),
            ("---\nname: \"a\n---\n", 2, "unterminated"),
            ("---\ndescription: d\n---\n", 1, "missing `name`"),
            ("---\nname: a\n---\n", 1, "missing `description`"),
        ];
        for (text, line, fragment) in cases {
            match parse_skill_md(text) {
                Err(err) => {
                    assert_eq!(err.line, line, "{text:?}");
                    assert!(err.message.contains(fragment), "{text:?}: {err}");
                }
                Ok(skill) => panic!("{text:?} parsed as {skill:?}"),
            }
        }
    }
}
