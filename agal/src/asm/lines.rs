//! Lines as Adobe's assembler cuts them: the source is split on runs of `[\f\n\r\v]`, each
//! line trimmed, cut at the first `//`, and its sampler options (from the first `<` that has a
//! `>` after it, to the end) taken apart from the code. Every piece keeps its byte offset in
//! the source, so that errors can say where they are.

/// Maps byte offsets of the source to 1-based lines and columns. Lines end at `\n`, `\r\n` or
/// `\r` (a form feed or vertical tab splits Adobe's lines but not ours).
#[derive(Debug)]
pub(super) struct SourceMap<'a> {
    source: &'a str,
    line_starts: Vec<usize>,
}

impl<'a> SourceMap<'a> {
    pub(super) fn new(source: &'a str) -> SourceMap<'a> {
        let bytes = source.as_bytes();
        let mut line_starts = vec![0];
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                    line_starts.push(i + 2);
                    i += 2;
                    continue;
                }
                b'\r' | b'\n' => line_starts.push(i + 1),
                _ => {}
            }
            i += 1;
        }
        SourceMap {
            source,
            line_starts,
        }
    }

    /// The 1-based line of a byte offset.
    pub(super) fn line(&self, offset: usize) -> usize {
        self.line_starts.partition_point(|s| *s <= offset).max(1)
    }

    /// The 1-based line and column (in characters) of a byte offset.
    pub(super) fn position(&self, offset: usize) -> (usize, usize) {
        let line = self.line(offset);
        let start = self.line_starts.get(line - 1).copied().unwrap_or(0);
        let column = self
            .source
            .get(start..offset.min(self.source.len()))
            .map_or(0, |s| s.chars().count());
        (line, column + 1)
    }
}

/// A piece of the source and where it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Span<'a> {
    /// The text.
    pub text: &'a str,
    /// Byte offset of its first byte in the source.
    pub start: usize,
}

impl<'a> Span<'a> {
    /// The sub-span `range` (byte offsets within `text`; empty when out of bounds).
    pub(super) fn slice(self, from: usize, to: usize) -> Span<'a> {
        let to = to.min(self.text.len());
        let from = from.min(to);
        Span {
            text: self.text.get(from..to).unwrap_or(""),
            start: self.start + from,
        }
    }
}

/// Adobe's lines: `source.replace(/[\f\n\r\v]+/g, "\n").split("\n")`.
pub(super) fn adobe_lines(source: &str) -> impl Iterator<Item = Span<'_>> {
    let is_break = |c: char| matches!(c, '\x0c' | '\n' | '\r' | '\x0b');
    let mut offset = 0;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let rest = source.get(offset..).unwrap_or("");
        let start = offset;
        match rest.find(is_break) {
            Some(end) => {
                let text = &rest[..end];
                let after = &rest[end..];
                let skip = after.len() - after.trim_start_matches(is_break).len();
                offset += end + skip;
                Some(Span { text, start })
            }
            None => {
                done = true;
                Some(Span { text: rest, start })
            }
        }
    })
}

/// Whitespace as Adobe's trimming regex sees it within a line.
pub(super) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t')
}

/// What separates operands: whitespace and commas.
pub(super) fn is_separator(b: u8) -> bool {
    is_space(b) || b == b','
}

/// `\w` of AS3's regular expressions.
pub(super) fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// One line taken apart.
#[derive(Debug, Clone, Copy)]
pub(super) struct Line<'a> {
    /// The code: trimmed, without the comment and the options (not trimmed again, as in
    /// Adobe's assembler).
    pub code: Span<'a>,
    /// From the `<` of the options to the end of the line (without the comment).
    pub options: Option<Span<'a>>,
}

/// Trims, removes the comment and takes the options apart.
pub(super) fn split_line(line: Span<'_>) -> Line<'_> {
    let bytes = line.text.as_bytes();
    let lead = bytes.iter().take_while(|b| is_space(**b)).count();
    let trail = bytes[lead..]
        .iter()
        .rev()
        .take_while(|b| is_space(**b))
        .count();
    let mut code = line.slice(lead, bytes.len() - trail);
    if let Some(c) = code.text.find("//") {
        code = code.slice(0, c);
    }
    let mut options = None;
    if let Some(lt) = code.text.find('<') {
        if code.text[lt..].contains('>') {
            options = Some(code.slice(lt, code.text.len()));
            code = code.slice(0, lt);
        }
    }
    Line { code, options }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adobe_lines_merge_runs_of_breaks() {
        let src = "a\r\n\r\nb\x0cc\x0bd\n";
        let lines: Vec<_> = adobe_lines(src).map(|s| (s.text, s.start)).collect();
        assert_eq!(
            lines,
            vec![("a", 0), ("b", 5), ("c", 7), ("d", 9), ("", 11)]
        );
    }

    #[test]
    fn positions_count_lines_and_characters() {
        let src = "ab\r\ncé\rx\ny";
        let map = SourceMap::new(src);
        assert_eq!(map.position(0), (1, 1));
        assert_eq!(map.position(4), (2, 1));
        assert_eq!(map.position(7), (2, 3)); // after the two-byte é
        assert_eq!(map.position(8), (3, 1));
        assert_eq!(map.position(10), (4, 1));
    }

    #[test]
    fn split_line_takes_comment_then_options() {
        let l = split_line(Span {
            text: "  tex ft0, v0, fs0 <2d, linear> // c <x>",
            start: 10,
        });
        assert_eq!(l.code.text, "tex ft0, v0, fs0 ");
        assert_eq!(l.code.start, 12);
        let o = l.options.unwrap();
        assert_eq!(o.text, "<2d, linear> ");
        assert_eq!(o.start, 29);
        // `<` without a `>` after it is not options.
        let l = split_line(Span {
            text: "mov ft0, v0 <",
            start: 0,
        });
        assert_eq!(l.code.text, "mov ft0, v0 <");
        assert!(l.options.is_none());
    }
}
