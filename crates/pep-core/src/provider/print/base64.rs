//! The bytes of a `data:` URL written without `;base64`, as base64: an OpenTelemetry `blob`
//! part carries its content base64-encoded (DECISIONS §12: a `data:` url → a `blob` part),
//! whichever way the URL spelled it.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The data of a URL (RFC 2397: percent-encoded octets) as standard padded base64. A `%`
/// not followed by two hex digits stands for itself, as browsers read it.
pub(crate) fn percent_data_as_base64(data: &str) -> String {
    encode(&percent_decode(data.as_bytes()))
}

fn percent_decode(input: &[u8]) -> Vec<u8> {
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(input.len());
    let mut k = 0;
    while k < input.len() {
        let pair = input
            .get(k + 1)
            .and_then(|&h| Some((hex(h)?, hex(*input.get(k + 2)?)?)));
        match (input[k], pair) {
            (b'%', Some((high, low))) => {
                out.push(high << 4 | low);
                k += 3;
            }
            (byte, _) => {
                out.push(byte);
                k += 1;
            }
        }
    }
    out
}

fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            let symbol = ALPHABET[(n >> shift & 63) as usize] as char;
            out.push(if i <= chunk.len() { symbol } else { '=' });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_encoded_data_becomes_base64() {
        assert_eq!(percent_data_as_base64(""), "");
        assert_eq!(percent_data_as_base64("f"), "Zg==");
        assert_eq!(percent_data_as_base64("fo"), "Zm8=");
        assert_eq!(percent_data_as_base64("foo"), "Zm9v");
        assert_eq!(percent_data_as_base64("%3Csvg%2F%3E"), "PHN2Zy8+");
        assert_eq!(percent_data_as_base64("100%"), "MTAwJQ==");
        assert_eq!(percent_data_as_base64("%zz"), "JXp6");
    }
}
