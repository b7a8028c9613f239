//! [`Wire`] for the compare view.

use pep_core::diff::{Op, Status};

use super::{Decoder, Encoder, Wire, WireError};
use crate::model::compare::{
    BreakSegmentView, BreakView, CacheView, CompareView, DiffRow, DiffSegment, KindDelta,
};
use crate::wire_struct;

/// [`Wire`] for a field-less enum of the diff, as its position in `$all`.
macro_rules! wire_tag {
    ($ty:ty, $all:expr) => {
        impl Wire for $ty {
            fn put(&self, out: &mut Encoder) {
                let index = $all.iter().position(|item| item == self).unwrap_or(0);
                out.byte(index as u8);
            }
            fn take(input: &mut Decoder<'_>) -> Result<Self, WireError> {
                let index = input.byte()?;
                $all.get(usize::from(index))
                    .copied()
                    .ok_or(input.error(stringify!($ty)))
            }
        }
    };
}

wire_tag!(Status, Status::ALL);
wire_tag!(Op, [Op::Same, Op::Added, Op::Removed]);

wire_struct!(CompareView {
    same,
    messages,
    segments,
    tokens,
    model,
    rows,
    caches
});
wire_struct!(KindDelta { kind, a, b });
wire_struct!(DiffRow {
    status,
    a,
    b,
    role,
    segments
});
wire_struct!(DiffSegment {
    status,
    kind,
    a,
    b,
    words
});
wire_struct!(CacheView {
    format,
    prefix_tokens,
    cache_break
});
wire_struct!(BreakView {
    a,
    b,
    lines_a,
    lines_b,
    segment
});
wire_struct!(BreakSegmentView {
    in_b,
    at,
    kind,
    status,
    variable
});
