//! Tokens of a trace's statements. A newline ends a statement only when no `(` or `[` is open.

use super::error::{ParseError, ParseErrorKind};
use super::model::Pos;

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tok {
    Ident(String),
    Number(f64),
    Str(String),
    LParen,
    RParen,
    LBracket,
    RBracket,
    Comma,
    Dot,
    Equals,
    /// End of a statement (a newline outside brackets, or the end of the text).
    End,
}

impl Tok {
    pub(crate) fn describe(&self) -> String {
        match self {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Number(n) => format!("number {n}"),
            Tok::Str(s) => format!("string {s:?}"),
            Tok::LParen => "`(`".into(),
            Tok::RParen => "`)`".into(),
            Tok::LBracket => "`[`".into(),
            Tok::RBracket => "`]`".into(),
            Tok::Comma => "`,`".into(),
            Tok::Dot => "`.`".into(),
            Tok::Equals => "`=`".into(),
            Tok::End => "the end of the statement".into(),
        }
    }
}

#[derive(Debug, Clone)]
pub(crate) struct Token {
    pub pos: Pos,
    pub tok: Tok,
}

/// Splits `text` (which starts at `first_line`) into tokens. Blank lines and comments give no
/// tokens; every statement ends with one `End`.
pub(crate) fn tokenize(text: &str, first_line: u32) -> Result<Vec<Token>, ParseError> {
    let mut lx = Lexer {
        chars: text.chars().collect(),
        i: 0,
        line: first_line,
        column: 1,
        out: Vec::new(),
        open: Vec::new(),
    };
    lx.run()?;
    Ok(lx.out)
}

struct Lexer {
    chars: Vec<char>,
    i: usize,
    line: u32,
    column: u32,
    out: Vec<Token>,
    open: Vec<(char, Pos)>,
}

impl Lexer {
    fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            column: self.column,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn peek2(&self) -> Option<char> {
        self.chars.get(self.i + 1).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.get(self.i).copied()?;
        self.i += 1;
        if c == '\n' {
            self.line = self.line.saturating_add(1);
            self.column = 1;
        } else {
            self.column = self.column.saturating_add(1);
        }
        Some(c)
    }

    fn push(&mut self, pos: Pos, tok: Tok) {
        self.out.push(Token { pos, tok });
    }

    fn end_statement(&mut self, pos: Pos) {
        if matches!(self.out.last(), Some(t) if t.tok != Tok::End) {
            self.push(pos, Tok::End);
        }
    }

    fn run(&mut self) -> Result<(), ParseError> {
        while let Some(c) = self.peek() {
            let pos = self.pos();
            match c {
                '\n' => {
                    self.bump();
                    if self.open.is_empty() {
                        self.end_statement(pos);
                    }
                }
                ' ' | '\t' | '\r' | '\u{feff}' => {
                    self.bump();
                }
                '#' => {
                    while matches!(self.peek(), Some(c) if c != '\n') {
                        self.bump();
                    }
                }
                '(' | '[' => {
                    self.bump();
                    self.open.push((c, pos));
                    self.push(pos, if c == '(' { Tok::LParen } else { Tok::LBracket });
                }
                ')' | ']' => {
                    let want = if c == ')' { '(' } else { '[' };
                    match self.open.pop() {
                        Some((o, _)) if o == want => {}
                        _ => return Err(ParseError::new(pos, ParseErrorKind::UnexpectedClose(c))),
                    }
                    self.bump();
                    self.push(pos, if c == ')' { Tok::RParen } else { Tok::RBracket });
                }
                ',' => {
                    self.bump();
                    self.push(pos, Tok::Comma);
                }
                '.' => {
                    self.bump();
                    self.push(pos, Tok::Dot);
                }
                '=' => {
                    self.bump();
                    self.push(pos, Tok::Equals);
                }
                '"' => {
                    let s = self.string(pos)?;
                    self.push(pos, Tok::Str(s));
                }
                c if c.is_ascii_digit()
                    || ((c == '-' || c == '+')
                        && matches!(self.peek2(), Some(d) if d.is_ascii_digit() || d == 'I' || d == 'N')) =>
                {
                    let n = self.number(pos)?;
                    self.push(pos, Tok::Number(n));
                }
                c if c.is_ascii_alphabetic() || c == '_' => {
                    let mut s = String::new();
                    while let Some(c) = self
                        .peek()
                        .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
                    {
                        s.push(c);
                        self.bump();
                    }
                    match s.as_str() {
                        "NaN" => self.push(pos, Tok::Number(f64::NAN)),
                        "Infinity" => self.push(pos, Tok::Number(f64::INFINITY)),
                        _ => self.push(pos, Tok::Ident(s)),
                    }
                }
                other => return Err(ParseError::new(pos, ParseErrorKind::UnexpectedChar(other))),
            }
        }
        if let Some(&(c, pos)) = self.open.first() {
            return Err(ParseError::new(pos, ParseErrorKind::Unclosed(c)));
        }
        let end = self.pos();
        self.end_statement(end);
        Ok(())
    }

    fn string(&mut self, start: Pos) -> Result<String, ParseError> {
        self.bump(); // opening quote
        let mut s = String::new();
        loop {
            let pos = self.pos();
            match self.peek() {
                None | Some('\n') => {
                    return Err(ParseError::new(start, ParseErrorKind::UnterminatedString))
                }
                Some('"') => {
                    self.bump();
                    return Ok(s);
                }
                Some('\\') => {
                    self.bump();
                    let e = match self.peek() {
                        Some('"') => '"',
                        Some('\\') => '\\',
                        Some('n') => '\n',
                        Some('t') => '\t',
                        Some('r') => '\r',
                        None | Some('\n') => {
                            return Err(ParseError::new(start, ParseErrorKind::UnterminatedString))
                        }
                        Some(other) => {
                            return Err(ParseError::new(pos, ParseErrorKind::BadEscape(other)))
                        }
                    };
                    self.bump();
                    s.push(e);
                }
                Some(c) => {
                    self.bump();
                    s.push(c);
                }
            }
        }
    }

    fn number(&mut self, pos: Pos) -> Result<f64, ParseError> {
        let mut text = String::new();
        if let Some(c @ ('-' | '+')) = self.peek() {
            text.push(c);
            self.bump();
        }
        let negative = text == "-";
        // Infinity / NaN with a sign.
        if matches!(self.peek(), Some('I' | 'N')) {
            let mut word = String::new();
            while let Some(c) = self.peek().filter(|c| c.is_ascii_alphanumeric()) {
                word.push(c);
                self.bump();
            }
            return match word.as_str() {
                "Infinity" if negative => Ok(f64::NEG_INFINITY),
                "Infinity" => Ok(f64::INFINITY),
                "NaN" => Ok(f64::NAN),
                _ => Err(ParseError::new(
                    pos,
                    ParseErrorKind::BadNumber(format!("{text}{word}")),
                )),
            };
        }
        if self.peek() == Some('0') && matches!(self.peek2(), Some('x' | 'X')) {
            self.bump();
            self.bump();
            let mut digits = String::new();
            while let Some(c) = self.peek().filter(|c| c.is_ascii_alphanumeric()) {
                digits.push(c);
                self.bump();
            }
            let bad =
                || ParseError::new(pos, ParseErrorKind::BadNumber(format!("{text}0x{digits}")));
            if !text.is_empty() || digits.is_empty() || digits.len() > 13 {
                return Err(bad());
            }
            let v = u64::from_str_radix(&digits, 16).map_err(|_| bad())?;
            return Ok(v as f64);
        }
        while let Some(c) = self.peek() {
            let after_e = matches!(text.chars().last(), Some('e' | 'E'));
            if c.is_ascii_digit()
                || c == '.'
                || c == 'e'
                || c == 'E'
                || ((c == '-' || c == '+') && after_e)
            {
                text.push(c);
                self.bump();
            } else if c.is_ascii_alphabetic() || c == '_' {
                // `12abc`: glue the rest on so the error shows it.
                text.push(c);
                self.bump();
                return Err(ParseError::new(pos, ParseErrorKind::BadNumber(text)));
            } else {
                break;
            }
        }
        text.parse::<f64>()
            .map_err(|_| ParseError::new(pos, ParseErrorKind::BadNumber(text.clone())))
    }
}
