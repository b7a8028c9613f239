//! Where a top-level item of a pretty-printed request is: the lines of `model`, `system`,
//! `tools[2]` or `messages[3]` in an export as the core prints it (two spaces a level, one
//! member or element a line at the top two levels), found in one pass over its lines. The
//! compare view marks a cache break's item with it in both sides' exports.

/// The first and last line (0-based) of the item at `path` in `text`, if it has one.
pub fn item_lines(text: &str, path: &str) -> Option<(u32, u32)> {
    let (name, index) = match path.split_once('[') {
        Some((name, rest)) => (name, Some(rest.strip_suffix(']')?.parse::<usize>().ok()?)),
        None => (path, None),
    };
    let member = format!("  \"{name}\": ");
    let mut lines = text.split('\n').enumerate();
    let (start, first) = lines.find(|(_, line)| line.starts_with(&member))?;
    let Some(wanted) = index else {
        // A member: its line up to the next member's (or the object's end).
        if !first.ends_with('[') && !first.ends_with('{') {
            return Some((to_u32(start), to_u32(start)));
        }
        let end = lines.find(|(_, line)| line.starts_with("  ]") || line.starts_with("  }"))?;
        return Some((to_u32(start), to_u32(end.0)));
    };
    // An element: the `wanted`-th line at four spaces that opens an element, up to the line
    // before the next one (or before the array's `]`).
    let mut seen = 0;
    let mut begin = None;
    for (number, line) in lines {
        let closes_array = line.starts_with("  ]");
        let opens = is_element_start(line);
        if let Some(found) = begin
            && (opens || closes_array)
        {
            return Some((to_u32(found), to_u32(number - 1)));
        }
        if closes_array {
            return None;
        }
        if opens {
            if seen == wanted {
                begin = Some(number);
            }
            seen += 1;
        }
    }
    None
}

/// Whether `line` opens an element of a top-level array: four spaces, then not a closing
/// bracket.
fn is_element_start(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("    ") else {
        return false;
    };
    !rest.starts_with(' ') && !rest.starts_with('}') && !rest.starts_with(']')
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::item_lines;

    const REQUEST: &str = r#"{
  "model": "m",
  "system": "s",
  "tools": [
    {
      "name": "a"
    },
    {
      "name": "b"
    }
  ],
  "messages": [
    {
      "role": "user",
      "content": [
        {
          "type": "text"
        }
      ]
    },
    {
      "role": "assistant"
    }
  ]
}"#;

    #[test]
    fn items_are_found_by_path() {
        assert_eq!(item_lines(REQUEST, "model"), Some((1, 1)));
        assert_eq!(item_lines(REQUEST, "system"), Some((2, 2)));
        assert_eq!(item_lines(REQUEST, "tools"), Some((3, 10)));
        assert_eq!(item_lines(REQUEST, "tools[0]"), Some((4, 6)));
        assert_eq!(item_lines(REQUEST, "tools[1]"), Some((7, 9)));
        assert_eq!(item_lines(REQUEST, "messages[0]"), Some((12, 19)));
        assert_eq!(item_lines(REQUEST, "messages[1]"), Some((20, 22)));
        for missing in [
            "messages[2]",
            "tools[9]",
            "input",
            "messages[x]",
            "messages[1",
            "",
        ] {
            assert_eq!(item_lines(REQUEST, missing), None, "{missing}");
        }
    }
}
