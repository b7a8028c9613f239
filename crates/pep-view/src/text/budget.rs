//! Numbers of the context budget as people read them: digits grouped by thousands, shares
//! with one decimal. Integer arithmetic only: formatting floats would add kilobytes of wasm.

use pep_core::SegmentKind;

use super::Text;

/// `12345` → `12,345` (the core's, which `pep` prints too).
pub use pep_core::budget::grouped;

/// `part` of `whole` as a percentage with one decimal, rounded half up: `9.6%`; `0%` of
/// nothing. A part that is not nothing never shows as `0.0%`.
pub fn percent(part: usize, whole: u64) -> String {
    if whole == 0 {
        return "0%".to_owned();
    }
    let part = part as u128;
    let per_mille = (part * 1000 * 2 + whole as u128) / (whole as u128 * 2);
    if per_mille == 0 && part > 0 {
        return "<0.1%".to_owned();
    }
    format!("{}.{}%", per_mille / 10, per_mille % 10)
}

/// A share as a CSS width, in hundredths of a percent (`1234` → `12.34%`), never below
/// `min` hundredths when `part` is not nothing, so that a small part stays visible.
pub fn width(part: usize, whole: u64, min: u64) -> String {
    let hundredths = if whole == 0 {
        0
    } else {
        (part as u128 * 10_000 / whole as u128) as u64
    };
    let hundredths = if part > 0 { hundredths.max(min) } else { 0 }.min(10_000);
    format!("{}.{:02}%", hundredths / 100, hundredths % 100)
}

/// The label of a kind in the budget.
pub fn kind_label(kind: SegmentKind) -> Text {
    match kind {
        SegmentKind::Text => Text::KindText,
        SegmentKind::StaticVar => Text::KindStaticVar,
        SegmentKind::SystemPrompt => Text::KindSystemPrompt,
        SegmentKind::Memory => Text::KindMemory,
        SegmentKind::Skills => Text::KindSkills,
        SegmentKind::ToolOverview => Text::KindToolOverview,
        SegmentKind::ToolCallRequest => Text::KindToolCallRequest,
        SegmentKind::ToolCallResult => Text::KindToolCallResult,
        SegmentKind::Document => Text::KindDocument,
        SegmentKind::LongText => Text::KindLongText,
        SegmentKind::Media => Text::KindMedia,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_grouped() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(128_000), "128,000");
        assert_eq!(grouped(1_047_576), "1,047,576");
    }

    #[test]
    fn shares_have_one_decimal() {
        assert_eq!(percent(12_288, 128_000), "9.6%");
        assert_eq!(percent(64_000, 128_000), "50.0%");
        assert_eq!(percent(1, 128_000), "<0.1%");
        assert_eq!(percent(0, 128_000), "0.0%");
        assert_eq!(percent(5, 0), "0%");
        assert_eq!(percent(300_000, 200_000), "150.0%");
    }

    #[test]
    fn widths_stay_visible_and_capped() {
        assert_eq!(width(1, 128_000, 40), "0.40%");
        assert_eq!(width(64_000, 128_000, 40), "50.00%");
        assert_eq!(width(0, 10, 40), "0.00%");
        assert_eq!(width(20, 10, 40), "100.00%");
    }
}
