//! What the browser keeps between visits: the user's own envelope and the reader's settings
//! (the panel's wrap switch). Where the browser denies storage (a cross-origin frame with
//! third-party storage blocked, private modes), every call here is a no-op that says so, and the
//! page works the same, remembering nothing (DECISIONS §15).
//!
//! One `setItem` of a few megabytes, with the text's conversion to a JS string, blocks the page
//! for about 35 ms per megabyte; so a large text is kept in parts of [`PART_BYTES`], each
//! written in a task of its own once the page has painted, and a newer save stops an older one.
//! The parts count is written last: a save cut short leaves no half text that a later visit
//! would take for the envelope. Leaving the page saves at once, in one piece.

use std::cell::Cell;
use std::sync::Arc;
use std::time::Duration;

/// Where a text kept in one piece is.
const CUSTOM_KEY: &str = "prompt-envelope.custom";
/// The prefix of the parts' keys, and of the key holding how many parts there are.
const PART_PREFIX: &str = "prompt-envelope.custom.";
/// How many parts a text in parts has (written last).
const PARTS_KEY: &str = "prompt-envelope.custom.parts";
/// Texts up to this size are saved at once, in one piece; larger ones in parts of this size.
const PART_BYTES: usize = 256 * 1024;

thread_local! {
    /// The latest save in parts: an older one still running stops at its next part.
    static SAVES: Cell<u64> = const { Cell::new(0) };
}

/// The wrap switch's key.
const WRAP_KEY: &str = "prompt-envelope.wrap";

fn local_storage() -> Option<web_sys::Storage> {
    // `localStorage` itself throws where storage is denied: `ok()` takes that as none.
    web_sys::window()?.local_storage().ok().flatten()
}

/// Whether the panel's JSON wraps its lines, as last chosen here; off when never chosen or
/// when storage is denied.
pub fn load_wrap() -> bool {
    remembered_wrap().unwrap_or(false)
}

/// The wrap switch as the browser keeps it; `None` when never chosen or when storage is
/// denied (then the page's own choice stands).
pub fn remembered_wrap() -> Option<bool> {
    let value = local_storage()?.get_item(WRAP_KEY).ok().flatten()?;
    Some(value == "1")
}

/// Remembers the wrap switch; `false` when the browser would not keep it (nothing else
/// changes: the switch still works for this visit).
pub fn save_wrap(on: bool) -> bool {
    local_storage().is_some_and(|storage| {
        storage
            .set_item(WRAP_KEY, if on { "1" } else { "0" })
            .is_ok()
    })
}

/// The user's saved envelope text, if any.
pub fn load_custom() -> Option<String> {
    let storage = local_storage()?;
    let parts = storage
        .get_item(PARTS_KEY)
        .ok()
        .flatten()
        .and_then(|count| count.parse::<usize>().ok());
    if let Some(parts) = parts {
        let mut text = String::new();
        for part in 0..parts {
            text.push_str(&storage.get_item(&part_key(part)).ok().flatten()?);
        }
        return Some(text);
    }
    storage.get_item(CUSTOM_KEY).ok().flatten()
}

/// Saves the user's envelope text now, in one piece (leaving the page, a crash); `false`
/// when the browser would not keep it (storage full, as a 10 MB envelope fills Chromium's
/// 5 MB, or off in private mode), which the editor says.
pub fn save_custom(text: &str) -> bool {
    SAVES.with(|saves| saves.set(saves.get() + 1));
    let Some(storage) = local_storage() else {
        return false;
    };
    // The parts first: they would win over this text on the next visit, and take its room.
    remove_parts(&storage);
    storage.set_item(CUSTOM_KEY, text).is_ok()
}

/// Saves the user's envelope text without blocking the page: a small one at once, a large one
/// in parts after the next paint. `done` gets whether the browser kept it; a save overtaken
/// by a newer one never calls it.
pub fn save_custom_soon(text: Arc<str>, done: impl FnOnce(bool) + 'static) {
    if text.len() <= PART_BYTES {
        done(save_custom(&text));
        return;
    }
    let save = SAVES.with(|saves| {
        saves.set(saves.get() + 1);
        saves.get()
    });
    super::tasks::after_paint(move || {
        let Some(storage) = local_storage() else {
            return done(false);
        };
        if !is_latest(save) {
            return;
        }
        remove_parts(&storage);
        let _ = storage.remove_item(CUSTOM_KEY);
        save_part(storage, text, save, 0, 0, Box::new(done));
    });
}

/// Writes the part starting at byte `from` (part number `part`), then the next one in a
/// later task; the count once every part is written.
fn save_part(
    storage: web_sys::Storage,
    text: Arc<str>,
    save: u64,
    part: usize,
    from: usize,
    done: Box<dyn FnOnce(bool)>,
) {
    if !is_latest(save) {
        return;
    }
    if from >= text.len() {
        let kept = storage.set_item(PARTS_KEY, &part.to_string()).is_ok();
        return done(kept);
    }
    let end = part_end(&text, from);
    if storage
        .set_item(&part_key(part), text.get(from..end).unwrap_or_default())
        .is_err()
    {
        // Full: what was written is no text at all.
        remove_parts(&storage);
        return done(false);
    }
    leptos::prelude::set_timeout(
        move || save_part(storage, text, save, part + 1, end, done),
        Duration::ZERO,
    );
}

/// The end of the part starting at `from`: [`PART_BYTES`] on, moved back to a character
/// boundary.
fn part_end(text: &str, from: usize) -> usize {
    let mut end = (from + PART_BYTES).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    end
}

fn is_latest(save: u64) -> bool {
    SAVES.with(|saves| saves.get() == save)
}

fn part_key(part: usize) -> String {
    format!("{PART_PREFIX}{part}")
}

/// Removes every part and the count (also parts an interrupted save left).
fn remove_parts(storage: &web_sys::Storage) {
    let count = storage.length().unwrap_or(0);
    let keys: Vec<String> = (0..count)
        .filter_map(|index| storage.key(index).ok().flatten())
        .filter(|key| key.starts_with(PART_PREFIX))
        .collect();
    for key in keys {
        let _ = storage.remove_item(&key);
    }
}
