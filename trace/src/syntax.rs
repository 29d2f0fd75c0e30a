//! Arguments as written, before they are given a type: [`Arg`] and [`Value`] (what the parser
//! reads), the names bound so far, and [`Args`], the list a call or a constructor such as
//! `rect(...)` takes its arguments from, left to right.

use std::collections::HashMap;

use super::error::{ParseError, ParseErrorKind as K};
use super::model::{Pos, ResourceKind};

/// The resource names bound so far, with their kinds.
pub(crate) type Names = HashMap<String, ResourceKind>;

/// An argument as written, before it is given a type.
#[derive(Debug, Clone)]
pub(crate) struct Arg {
    pub pos: Pos,
    pub value: Value,
}

#[derive(Debug, Clone)]
pub(crate) enum Value {
    Number(f64),
    Str(String),
    Bool(bool),
    Null,
    Array(Vec<Arg>),
    Name(String),
    /// `bytes(...)`, `rect(...)`, ...; `close` is where `)` is (for "missing argument").
    Ctor {
        name: String,
        args: Vec<Arg>,
        close: Pos,
    },
}

impl Value {
    pub(crate) fn describe(&self) -> String {
        match self {
            Value::Number(n) => format!("number {n}"),
            Value::Str(s) => format!("string {s:?}"),
            Value::Bool(b) => format!("`{b}`"),
            Value::Null => "`null`".into(),
            Value::Array(_) => "a vector".into(),
            Value::Name(n) => format!("`{n}`"),
            Value::Ctor { name, .. } => format!("`{name}(...)`"),
        }
    }
}

/// Arguments of one call, consumed left to right.
pub(crate) struct Args<'a> {
    method: &'a str,
    items: Vec<Arg>,
    next: usize,
    close: Pos,
    names: &'a Names,
}

impl<'a> Args<'a> {
    pub(crate) fn new(method: &'a str, items: Vec<Arg>, close: Pos, names: &'a Names) -> Self {
        Args {
            method,
            items,
            next: 0,
            close,
            names,
        }
    }

    pub(crate) fn req<T>(
        &mut self,
        argument: &'static str,
        f: impl FnOnce(&Arg, &Names) -> Result<T, ParseError>,
    ) -> Result<T, ParseError> {
        match self.items.get(self.next) {
            Some(arg) => {
                self.next += 1;
                f(arg, self.names)
            }
            None => Err(ParseError::new(
                self.close,
                K::MissingArgument {
                    method: self.method.to_string(),
                    argument,
                },
            )),
        }
    }

    pub(crate) fn opt<T>(
        &mut self,
        default: T,
        f: impl FnOnce(&Arg, &Names) -> Result<T, ParseError>,
    ) -> Result<T, ParseError> {
        match self.items.get(self.next) {
            Some(arg) => {
                self.next += 1;
                f(arg, self.names)
            }
            None => Ok(default),
        }
    }

    pub(crate) fn finish(self) -> Result<(), ParseError> {
        match self.items.get(self.next) {
            Some(extra) => Err(ParseError::new(
                extra.pos,
                K::TooManyArguments {
                    method: self.method.to_string(),
                    max: self.next,
                },
            )),
            None => Ok(()),
        }
    }
}
