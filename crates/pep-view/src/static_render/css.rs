//! The static page's one stylesheet: the app's own CSS files (its colour tokens and both
//! themes, the message and segment frames, the kinds and highlighted JSON, markdown), then what
//! only a page without script needs (`style/static.css`: `<details>` folds, the page's layout,
//! print). Read from the files the app is built from, so the two never drift apart.

/// The colour tokens and both themes, then the base rules for the page's own elements.
const TOKENS: &str = include_str!("../../../../style/tokens.css");

/// Where the base rules start in [`TOKENS`]: a fragment inside another page leaves them out.
const BASE_MARKER: &str = "/* ---- base: the page's own elements.";

/// The segments', messages' and page's rules, in the app's cascade order.
const COMPONENTS: &str = concat!(
    include_str!("../../../../style/frame.css"),
    include_str!("../../../../style/segments.css"),
    include_str!("../../../../style/markdown.css"),
    include_str!("../../../../style/static.css"),
);

/// The whole page's stylesheet.
pub fn page() -> String {
    [TOKENS, COMPONENTS].concat()
}

/// The stylesheet of a fragment inside another page (an mdBook chapter): the tokens without
/// the base rules, which would restyle the host page's own elements; `.pe-static--fragment`
/// (static.css) gives the fragment its own type and colours instead.
pub fn fragment() -> String {
    let tokens = TOKENS
        .split_once(BASE_MARKER)
        .map_or(TOKENS, |(tokens, _)| tokens);
    // `color-scheme` on the root would turn the host page's own controls and scroll bars dark
    // on a dark system: `.pe-static--fragment` sets it on the fragment alone.
    [&tokens.replace("color-scheme: dark;", ""), COMPONENTS].concat()
}

#[cfg(test)]
mod tests {
    use super::{BASE_MARKER, TOKENS, fragment, page};

    #[test]
    fn a_fragment_leaves_the_base_rules_out() {
        assert_eq!(TOKENS.matches(BASE_MARKER).count(), 1);
        let fragment = fragment();
        assert!(page().contains("\nbody {") && !fragment.contains("\nbody {"));
        assert!(fragment.contains("--pe-bg:") && fragment.contains(".pe-fold"));
        assert!(fragment.contains("prefers-color-scheme: dark"));
        assert!(!fragment.contains("color-scheme: dark;") && fragment.contains(".pe-sr-only"));
    }
}
