//! The static page's one stylesheet: the app's own CSS files (its colour tokens and both
//! themes, the messages, the segment frames and kinds, markdown, highlighted JSON), then what only a page
//! without script needs (`style/static.css`: `<details>` folds, the page's layout, print).
//! Read from the files the app is built from, so the two never drift apart.

/// The stylesheet, in the app's cascade order.
pub const STYLESHEET: &str = concat!(
    include_str!("../../../../style/tokens.css"),
    include_str!("../../../../style/messages.css"),
    include_str!("../../../../style/frame.css"),
    include_str!("../../../../style/segments.css"),
    include_str!("../../../../style/markdown.css"),
    include_str!("../../../../style/json.css"),
    include_str!("../../../../style/static.css"),
);
