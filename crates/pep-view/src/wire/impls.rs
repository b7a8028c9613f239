//! [`Wire`] for plain values and for the core's small types the views carry.

use pep_core::budget::{KindBudget, MessageBudget, RequestBudget, Size};
use pep_core::export::Format;
use pep_core::model::{MediaType, Role, SegmentKind};
use pep_core::{Place, SegmentRef, Severity};

use super::{Decoder, Encoder, Wire, WireError};
use crate::wire_struct;

impl Wire for bool {
    fn put(&self, out: &mut Encoder) {
        out.byte(u8::from(*self));
    }
    fn take(input: &mut Decoder<'_>) -> Result<Self, WireError> {
        match input.byte()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(input.error("a boolean")),
        }
    }
}

macro_rules! wire_uint {
    ($($ty:ty),*) => {$(
        impl Wire for $ty {
            fn put(&self, out: &mut Encoder) {
                out.uint(*self as u64);
            }
            fn take(input: &mut Decoder<'_>) -> Result<Self, WireError> {
                <$ty>::try_from(input.uint()?).map_err(|_| input.error(stringify!($ty)))
            }
        }
    )*};
}
wire_uint!(u8, u16, u32, u64, usize);

impl Wire for i64 {
    fn put(&self, out: &mut Encoder) {
        out.int(*self);
    }
    fn take(input: &mut Decoder<'_>) -> Result<Self, WireError> {
        input.int()
    }
}

impl Wire for String {
    fn put(&self, out: &mut Encoder) {
        out.str(self);
    }
    fn take(input: &mut Decoder<'_>) -> Result<Self, WireError> {
        input.str().map(str::to_owned)
    }
}

impl<T: Wire> Wire for Option<T> {
    fn put(&self, out: &mut Encoder) {
        match self {
            None => out.byte(0),
            Some(value) => {
                out.byte(1);
                value.put(out);
            }
        }
    }
    fn take(input: &mut Decoder<'_>) -> Result<Self, WireError> {
        match input.byte()? {
            0 => Ok(None),
            1 => T::take(input).map(Some),
            _ => Err(input.error("an option")),
        }
    }
}

/// A list, as a `Vec` of it would be written.
pub(crate) fn put_slice<T: Wire>(items: &[T], out: &mut Encoder) {
    out.uint(items.len() as u64);
    for item in items {
        item.put(out);
    }
}

impl<T: Wire> Wire for Vec<T> {
    fn put(&self, out: &mut Encoder) {
        put_slice(self, out);
    }
    fn take(input: &mut Decoder<'_>) -> Result<Self, WireError> {
        // Every item takes at least one byte, so the length cannot ask for more than is left.
        let len = input.len(1)?;
        let mut items = Vec::with_capacity(len);
        for _ in 0..len {
            items.push(T::take(input)?);
        }
        Ok(items)
    }
}

impl<T: Wire> Wire for Box<T> {
    fn put(&self, out: &mut Encoder) {
        T::put(self, out);
    }
    fn take(input: &mut Decoder<'_>) -> Result<Self, WireError> {
        T::take(input).map(Box::new)
    }
}

impl<A: Wire, B: Wire> Wire for (A, B) {
    fn put(&self, out: &mut Encoder) {
        self.0.put(out);
        self.1.put(out);
    }
    fn take(input: &mut Decoder<'_>) -> Result<Self, WireError> {
        Ok((A::take(input)?, B::take(input)?))
    }
}

/// [`Wire`] for a field-less enum, as its position in `$all`.
macro_rules! wire_enum {
    ($ty:ty, $all:expr) => {
        impl Wire for $ty {
            fn put(&self, out: &mut Encoder) {
                let index = $all.iter().position(|item| item == self).unwrap_or(0);
                out.uint(index as u64);
            }
            fn take(input: &mut Decoder<'_>) -> Result<Self, WireError> {
                let index = input.uint()?;
                usize::try_from(index)
                    .ok()
                    .and_then(|index| $all.get(index).copied())
                    .ok_or(input.error(stringify!($ty)))
            }
        }
    };
}
wire_enum!(
    Role,
    [Role::System, Role::User, Role::Assistant, Role::Tool]
);
wire_enum!(SegmentKind, SegmentKind::ALL);
wire_enum!(pep_core::import::Source, pep_core::import::Source::ALL);
wire_enum!(
    pep_core::redact::SecretKind,
    pep_core::redact::SecretKind::ALL
);
wire_enum!(
    MediaType,
    [MediaType::Image, MediaType::Audio, MediaType::Video]
);
wire_enum!(Format, Format::ALL);
wire_enum!(Severity, [Severity::Error, Severity::Warning]);

wire_struct!(SegmentRef { message, segment });

impl Wire for Place {
    fn put(&self, out: &mut Encoder) {
        match self {
            Place::Message(message) => {
                out.byte(0);
                message.put(out);
            }
            Place::Segment(at) => {
                out.byte(1);
                at.put(out);
            }
        }
    }
    fn take(input: &mut Decoder<'_>) -> Result<Self, WireError> {
        match input.byte()? {
            0 => usize::take(input).map(Place::Message),
            1 => SegmentRef::take(input).map(Place::Segment),
            _ => Err(input.error("a place")),
        }
    }
}

wire_struct!(Size { chars, tokens });
wire_struct!(KindBudget {
    kind,
    segments,
    media,
    size
});
wire_struct!(MessageBudget {
    message,
    role,
    segments,
    media,
    size
});
wire_struct!(RequestBudget { format, size });

#[cfg(test)]
mod tests {
    use super::super::{decode, encode};
    use super::*;

    #[test]
    fn values_come_back_as_they_went() {
        let value: (Vec<Option<String>>, (i64, u64)) = (
            vec![Some("日本語".to_owned()), None, Some(String::new())],
            (-1_780_000_000_000, u64::MAX),
        );
        assert_eq!(
            decode::<(Vec<Option<String>>, (i64, u64))>(&encode(&value)),
            Ok(value)
        );
        let place = Place::Segment(SegmentRef::new(3, 4));
        assert_eq!(decode::<Place>(&encode(&place)), Ok(place));
        assert_eq!(decode::<Format>(&encode(&Format::Mcp)), Ok(Format::Mcp));
    }

    #[test]
    fn broken_bytes_are_errors_not_panics() {
        let text = encode(&"hello".to_owned());
        for cut in 0..text.len() {
            assert!(decode::<String>(&text[..cut]).is_err());
        }
        // A length far beyond what is left.
        assert!(decode::<Vec<u8>>(&[0xff, 0xff, 0xff, 0x7f]).is_err());
        assert!(decode::<String>(&[2, 0xff, 0xfe]).is_err(), "not UTF-8");
        assert!(decode::<bool>(&[7]).is_err());
        assert!(decode::<u8>(&[0x80, 0x02]).is_err(), "out of range");
        assert!(decode::<u64>(&[0xff; 11]).is_err());
        assert!(decode::<bool>(&[1, 0]).is_err(), "bytes left over");
    }

    #[test]
    fn number_lists_come_back_and_short_ones_are_errors() {
        let values = [0, 1, 127, 128, u32::MAX, 5_000_000];
        let mut out = Encoder::default();
        out.u32s(&values);
        let bytes = out.finish();
        assert_eq!(bytes.len(), 1 + 4 * values.len(), "four bytes each");
        assert_eq!(Decoder::new(&bytes).u32s(), Ok(values.to_vec()));
        for cut in 0..bytes.len() {
            assert!(Decoder::new(&bytes[..cut]).u32s().is_err(), "cut at {cut}");
        }
    }
}
