//! The lines of a position file: comments cut off, words with their
//! columns, and what kind of line each one is.

use crate::position::{GridRow, Location, ParseError, ParseErrorKind, Spanned};
use kinrow_board::Player;

/// A word of a line: its text, byte offset and 1-based character column.
#[derive(Clone, Copy, Debug)]
pub(super) struct Token<'a> {
    pub(super) text: &'a str,
    pub(super) start: usize,
    pub(super) column: usize,
}

/// A line that is not blank once its comment is cut off.
pub(super) struct Line<'a> {
    pub(super) number: usize,
    /// The line without its comment.
    pub(super) text: &'a str,
    /// Its words; never empty.
    pub(super) tokens: Vec<Token<'a>>,
}

impl<'a> Line<'a> {
    /// The line numbered `number`, or `None` if it is blank or a comment.
    pub(super) fn new(number: usize, raw: &'a str) -> Option<Line<'a>> {
        let text = raw.find('#').map_or(raw, |i| &raw[..i]);
        let mut tokens = Vec::new();
        let mut open: Option<(usize, usize)> = None;
        for (column, (byte, ch)) in (1..).zip(text.char_indices()) {
            if ch.is_whitespace() {
                if let Some((start, column)) = open.take() {
                    tokens.push(Token {
                        text: &text[start..byte],
                        start,
                        column,
                    });
                }
            } else if open.is_none() {
                open = Some((byte, column));
            }
        }
        if let Some((start, column)) = open {
            tokens.push(Token {
                text: &text[start..],
                start,
                column,
            });
        }
        (!tokens.is_empty()).then_some(Line {
            number,
            text,
            tokens,
        })
    }

    pub(super) fn head(&self) -> Token<'a> {
        self.tokens[0]
    }

    pub(super) fn at(&self, token: Token<'_>) -> Location {
        Location {
            line: self.number,
            column: token.column,
        }
    }

    pub(super) fn head_at(&self) -> Location {
        self.at(self.head())
    }

    /// Just after the last word: where a missing value is reported.
    pub(super) fn end_at(&self) -> Location {
        let last = self.tokens[self.tokens.len() - 1];
        Location {
            line: self.number,
            column: last.column + last.text.chars().count(),
        }
    }

    /// The text after the first word, trimmed.
    pub(super) fn rest(&self) -> &'a str {
        let head = self.head();
        self.text[head.start + head.text.len()..].trim()
    }

    pub(super) fn is_name(&self) -> bool {
        self.head().text.starts_with('[')
    }

    /// The name of a `[name]` line, trimmed.
    pub(super) fn name(&self) -> Result<String, ParseError> {
        let trimmed = self.text.trim();
        let Some(inner) = trimmed.strip_prefix('[').and_then(|t| t.strip_suffix(']')) else {
            let kind = ParseErrorKind::Malformed {
                keyword: "[name]".to_owned(),
                expected: "a name between [ and ]",
                found: trimmed.to_owned(),
            };
            return Err(ParseError::new(self.head_at(), kind));
        };
        let name = inner.trim();
        if name.is_empty() {
            return Err(ParseError::new(self.head_at(), ParseErrorKind::EmptyName));
        }
        Ok(name.to_owned())
    }

    pub(super) fn is_grid_row(&self) -> bool {
        let head = self.head().text;
        let is_cell = |c: char| matches!(c, '.' | 'x' | 'X' | 'o' | 'O');
        head.starts_with(|c: char| c.is_ascii_digit() || c == '.')
            || head.chars().all(is_cell)
            || (head.starts_with(['x', 'X', 'o', 'O']) && head.contains('.'))
    }

    /// Column letters: single letters (`a b c`), or letters packed from `a`
    /// on (`abc`). A misspelt keyword such as `atack` is neither.
    pub(super) fn is_footer(&self) -> bool {
        let single =
            |t: &Token<'_>| t.text.len() == 1 && t.text.bytes().all(|b| b.is_ascii_alphabetic());
        let head = self.head().text;
        let packed = self.tokens.len() == 1
            && head.len() <= 26
            && head
                .bytes()
                .zip(b'a'..=b'z')
                .all(|(b, letter)| b.to_ascii_lowercase() == letter);
        head.starts_with(['a', 'A']) && (self.tokens.iter().all(single) || packed)
    }

    /// The line as a grid row: an optional row number, then cells.
    pub(super) fn grid_row(&self) -> Result<GridRow, ParseError> {
        let head = self.head();
        let rest = &self.text[head.start..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let number = (digits > 0).then(|| Spanned {
            value: saturating_number(&rest[..digits]).unwrap_or(u32::MAX),
            text: rest[..digits].to_owned(),
            at: self.head_at(),
        });
        let mut cells = Vec::new();
        for (column, ch) in (head.column + digits..).zip(rest[digits..].chars()) {
            cells.push(match ch {
                '.' => None,
                'x' | 'X' => Some(Player::X),
                'o' | 'O' => Some(Player::O),
                c if c.is_whitespace() => continue,
                found => {
                    let at = Location {
                        line: self.number,
                        column,
                    };
                    return Err(ParseError::new(at, ParseErrorKind::UnknownCell { found }));
                }
            });
        }
        Ok(GridRow {
            at: self.head_at(),
            number,
            cells,
        })
    }
}

/// A decimal number of ASCII digits, saturated at `u32::MAX`; `None` unless
/// `text` is one or more digits.
pub(super) fn saturating_number(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.bytes().fold(0u32, |n, b| {
        n.saturating_mul(10).saturating_add(u32::from(b - b'0'))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str) -> Line<'_> {
        Line::new(7, text).expect("a line that is not blank")
    }

    #[test]
    fn blank_lines_and_comments_are_no_lines() {
        for text in ["", "   ", "\t", "# comment", "  # x . o"] {
            assert!(Line::new(1, text).is_none(), "{text:?}");
        }
    }

    #[test]
    fn words_carry_their_character_columns() {
        let l = line("  é\tk  5 # five");
        let words: Vec<(&str, usize)> = l.tokens.iter().map(|t| (t.text, t.column)).collect();
        assert_eq!(words, [("é", 3), ("k", 5), ("5", 8)]);
        assert_eq!(l.end_at(), Location { line: 7, column: 9 });
        assert_eq!(line("source  a  b # c").rest(), "a  b");
    }

    #[test]
    fn lines_are_told_apart() {
        for row in ["15 . . x", "x . o", ". . .", "xo.", "x", "O", "3", "x.z"] {
            assert!(line(row).is_grid_row(), "{row:?}");
        }
        for other in ["xoz", "obsolete 3", "[a]", "a b c", "abc"] {
            assert!(!line(other).is_grid_row(), "{other:?}");
        }
        for footer in ["a b c", "  A B C", "abc", "a", "a b d"] {
            assert!(line(footer).is_footer(), "{footer:?}");
        }
        for other in ["atack any", "abd", "ab c", "b c d", "a 1"] {
            assert!(!line(other).is_footer(), "{other:?}");
        }
    }

    #[test]
    fn grid_rows_keep_their_number_and_cells() {
        let row = line(" 12 x . O").grid_row().unwrap();
        let number = row.number.unwrap();
        assert_eq!((number.value, number.text.as_str()), (12, "12"));
        assert_eq!(row.cells, [Some(Player::X), None, Some(Player::O)]);
        let huge = line("99999999999 .").grid_row().unwrap().number.unwrap();
        assert_eq!(huge.value, u32::MAX);
    }

    #[test]
    fn numbers_saturate() {
        assert_eq!(saturating_number("0"), Some(0));
        assert_eq!(saturating_number("4294967296"), Some(u32::MAX));
        assert_eq!(saturating_number(""), None);
        assert_eq!(saturating_number("+1"), None);
    }
}
