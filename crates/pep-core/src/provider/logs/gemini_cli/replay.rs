//! The replay of a Gemini CLI JSON Lines recording (DECISIONS §14): records upserted by `id`,
//! `{"$rewindTo": ID}` removing that record and every later one, `{"$set": {"messages"}}`
//! replacing the list where it stands (later lines apply to it, G-7). Linear: each record is
//! added, replaced or removed at most once per line or checkpoint that names it.

use std::collections::HashMap;

use serde_json::Value;

use super::super::Line;

/// One record of the conversation: where it was written, and the record.
pub(super) struct Record<'l> {
    /// Its path (`line 4`, or `line 9.$set.messages[2]`).
    pub path: String,
    /// The record object.
    pub value: &'l Value,
}

/// The records left after the replay, and what rewinds and checkpoints removed.
#[derive(Default)]
pub(super) struct Replayed<'l> {
    /// The records, in order.
    pub records: Vec<Record<'l>>,
    /// Where the first rewind that removed a record stands.
    pub first_rewind: Option<String>,
    /// Where the first checkpoint that removed a record stands.
    pub first_checkpoint: Option<String>,
    /// Lines that are none of a record, a `$set`, a `$rewindTo` or a header, by path.
    pub unknown: Vec<String>,
    /// How many records rewinds and checkpoints removed.
    pub removed: usize,
    /// Where each record's id is in `records`.
    by_id: HashMap<&'l str, usize>,
}

impl<'l> Replayed<'l> {
    /// Replays `lines`: headers and other `$set` keys are metadata, skipped; a record is a
    /// line with an `id` (as gemini-cli's loader reads it) or a `type`.
    pub fn of(lines: &'l [Line]) -> Self {
        let mut replayed = Replayed::default();
        for line in lines {
            let value = &line.value;
            let has = |key: &str| value.get(key).is_some();
            if let Some(target) = value.get("$rewindTo") {
                // gemini-cli rewinds only to a string id; another value is no rewind.
                match target.as_str() {
                    Some(id) => replayed.rewind(id, line.path()),
                    None => replayed.unknown.push(line.path()),
                }
            } else if let Some(set) = value.get("$set") {
                if let Some(Value::Array(messages)) = set.get("messages") {
                    replayed.checkpoint(messages, line);
                }
            } else if has("id") || has("type") {
                replayed.upsert(line.path(), value);
            } else if !has("sessionId") {
                replayed.unknown.push(line.path());
            }
        }
        replayed
    }

    /// A record: replaces the record with its `id`, else is appended.
    fn upsert(&mut self, path: String, value: &'l Value) {
        let id = value.get("id").and_then(Value::as_str);
        if let Some(&at) = id.and_then(|id| self.by_id.get(id)) {
            self.records[at] = Record { path, value };
            return;
        }
        if let Some(id) = id {
            self.by_id.insert(id, self.records.len());
        }
        self.records.push(Record { path, value });
    }

    /// Removes the record `target` and every later one; all of them for an unknown id (as
    /// gemini-cli's loader does).
    fn rewind(&mut self, target: &str, path: String) {
        let from = self.by_id.get(target).copied().unwrap_or(0);
        let removed = self.records.len() - from;
        for record in self.records.drain(from..) {
            if let Some(id) = record.value.get("id").and_then(Value::as_str) {
                self.by_id.remove(id);
            }
        }
        if removed > 0 {
            self.removed += removed;
            self.first_rewind.get_or_insert(path);
        }
    }

    /// A `$set.messages` checkpoint: the list becomes its records; the records it no longer
    /// holds count as removed.
    fn checkpoint(&mut self, messages: &'l [Value], line: &Line) {
        let old = std::mem::take(&mut self.records);
        // A new map, not `clear()`: clearing costs the old map's capacity, which many small
        // checkpoints after a long list would pay again and again.
        self.by_id = HashMap::with_capacity(messages.len());
        for (k, value) in messages.iter().enumerate() {
            self.upsert(format!("line {}.$set.messages[{k}]", line.no), value);
        }
        let kept = old
            .iter()
            .filter(|record| {
                let id = record.value.get("id").and_then(Value::as_str);
                id.is_some_and(|id| self.by_id.contains_key(id))
            })
            .count();
        if old.len() > kept {
            self.removed += old.len() - kept;
            self.first_checkpoint.get_or_insert(line.path());
        }
    }

    /// Where the one warning about removed records stands: the first rewind that removed one,
    /// else the first such checkpoint (DECISIONS §14: the warning names the rewind).
    pub fn removal_path(&self) -> Option<&String> {
        self.first_rewind
            .as_ref()
            .or(self.first_checkpoint.as_ref())
    }
}
