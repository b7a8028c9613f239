//! The wire format between the worker that computes views and the page that renders them
//! (and of the demo bundles made at build time): compact bytes, a [`Wire`] impl per type.
//!
//! Integers are LEB128 varints, strings their length then their UTF-8 bytes, options a tag
//! byte, lists their length then their items, enums a tag byte then their fields. Decoding
//! never trusts a length: every read is checked against what is left, so broken bytes give a
//! [`WireError`] naming the offset, never a panic or a huge allocation.

mod compare;
mod impls;
mod model;

use std::sync::Arc;

/// Bytes being written.
#[derive(Debug, Default)]
pub struct Encoder {
    bytes: Vec<u8>,
}

impl Encoder {
    /// An empty encoder with room for `capacity` bytes.
    pub fn with_capacity(capacity: usize) -> Encoder {
        Encoder {
            bytes: Vec::with_capacity(capacity),
        }
    }

    /// The bytes written.
    pub fn finish(self) -> Vec<u8> {
        self.bytes
    }

    /// One byte.
    pub fn byte(&mut self, byte: u8) {
        self.bytes.push(byte);
    }

    /// An unsigned integer, as a LEB128 varint.
    pub fn uint(&mut self, mut value: u64) {
        loop {
            let low = (value & 0x7f) as u8;
            value >>= 7;
            if value == 0 {
                self.bytes.push(low);
                return;
            }
            self.bytes.push(low | 0x80);
        }
    }

    /// A signed integer, zigzag-encoded.
    pub fn int(&mut self, value: i64) {
        self.uint(((value << 1) ^ (value >> 63)) as u64);
    }

    /// A string.
    pub fn str(&mut self, text: &str) {
        self.uint(text.len() as u64);
        self.bytes.extend_from_slice(text.as_bytes());
    }

    /// A list of numbers a line each (line starts, link groups): four bytes apiece, so the
    /// page reads a hundred thousand of them in one copy instead of as many varints.
    pub fn u32s(&mut self, values: &[u32]) {
        self.uint(values.len() as u64);
        self.bytes.reserve(values.len() * 4);
        for value in values {
            self.bytes.extend_from_slice(&value.to_le_bytes());
        }
    }
}

/// Why bytes could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WireError {
    /// The offset where reading stopped.
    pub at: usize,
    /// What was being read.
    pub what: &'static str,
}

impl std::fmt::Display for WireError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "broken view data at byte {}: {}", self.at, self.what)
    }
}

/// Bytes being read.
#[derive(Debug)]
pub struct Decoder<'b> {
    bytes: &'b [u8],
    at: usize,
}

impl<'b> Decoder<'b> {
    /// Reads `bytes` from the start.
    pub fn new(bytes: &'b [u8]) -> Decoder<'b> {
        Decoder { bytes, at: 0 }
    }

    /// An error at the current offset.
    pub fn error(&self, what: &'static str) -> WireError {
        WireError { at: self.at, what }
    }

    /// Whether every byte has been read.
    pub fn is_done(&self) -> bool {
        self.at == self.bytes.len()
    }

    /// One byte.
    pub fn byte(&mut self) -> Result<u8, WireError> {
        let byte = *self.bytes.get(self.at).ok_or(self.error("a byte"))?;
        self.at += 1;
        Ok(byte)
    }

    /// An unsigned integer.
    pub fn uint(&mut self) -> Result<u64, WireError> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.byte()?;
            value |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(self.error("an integer of at most 64 bits"))
    }

    /// A signed integer.
    pub fn int(&mut self) -> Result<i64, WireError> {
        let raw = self.uint()?;
        Ok((raw >> 1) as i64 ^ -((raw & 1) as i64))
    }

    /// A length that the remaining bytes can hold `min_size` bytes of each for.
    pub fn len(&mut self, min_size: usize) -> Result<usize, WireError> {
        let len = usize::try_from(self.uint()?).map_err(|_| self.error("a length"))?;
        let left = self.bytes.len() - self.at;
        if len.saturating_mul(min_size.max(1)) > left && min_size > 0 {
            return Err(self.error("a length that fits what is left"));
        }
        Ok(len)
    }

    /// A list written by [`Encoder::u32s`].
    pub fn u32s(&mut self) -> Result<Vec<u32>, WireError> {
        let len = self.len(4)?;
        let bytes = self
            .bytes
            .get(self.at..self.at + len * 4)
            .ok_or(self.error("numbers"))?;
        self.at += len * 4;
        Ok(bytes
            .chunks_exact(4)
            .map(|four| u32::from_le_bytes([four[0], four[1], four[2], four[3]]))
            .collect())
    }

    /// A string.
    pub fn str(&mut self) -> Result<&'b str, WireError> {
        let len = self.len(1)?;
        let bytes = self
            .bytes
            .get(self.at..self.at + len)
            .ok_or(self.error("string bytes"))?;
        let text = std::str::from_utf8(bytes).map_err(|_| self.error("UTF-8 text"))?;
        self.at += len;
        Ok(text)
    }
}

/// A value that travels on the wire.
pub trait Wire: Sized {
    /// Writes the value.
    fn put(&self, out: &mut Encoder);
    /// Reads a value.
    fn take(input: &mut Decoder<'_>) -> Result<Self, WireError>;
}

/// `value` as bytes.
pub fn encode<T: Wire>(value: &T) -> Vec<u8> {
    encode_sized(value, 0)
}

/// `value` as bytes, room for `capacity` of them made at once (a source of megabytes would
/// otherwise be copied each time the buffer grows).
pub fn encode_sized<T: Wire>(value: &T, capacity: usize) -> Vec<u8> {
    let mut out = Encoder::with_capacity(capacity);
    value.put(&mut out);
    out.finish()
}

/// The value `bytes` hold, all of them.
pub fn decode<T: Wire>(bytes: &[u8]) -> Result<T, WireError> {
    let mut input = Decoder::new(bytes);
    let value = T::take(&mut input)?;
    if !input.is_done() {
        return Err(input.error("the end of the data"));
    }
    Ok(value)
}

/// Implements [`Wire`] for a struct, field by field in the order given.
#[macro_export]
macro_rules! wire_struct {
    ($name:ident { $($field:ident),* $(,)? }) => {
        impl $crate::wire::Wire for $name {
            fn put(&self, out: &mut $crate::wire::Encoder) {
                $( $crate::wire::Wire::put(&self.$field, out); )*
            }
            fn take(input: &mut $crate::wire::Decoder<'_>) -> Result<Self, $crate::wire::WireError> {
                Ok($name { $( $field: $crate::wire::Wire::take(input)?, )* })
            }
        }
    };
}

impl Wire for Arc<str> {
    fn put(&self, out: &mut Encoder) {
        out.str(self);
    }
    fn take(input: &mut Decoder<'_>) -> Result<Self, WireError> {
        input.str().map(Arc::from)
    }
}
