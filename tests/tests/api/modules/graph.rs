//! A crate's module graph, read from its source: a file is a module, and an edge runs from a
//! file to each other module its code names by a path. Which paths (comments, string
//! literals and `#[cfg(test)]` items left out first):
//! - `crate::a::b::X`, `self::..`, `super::..` (and `$crate::..` in a macro), in a `use`
//!   (groups `{..}` expanded) or in code;
//! - `child::..`, where `child` is a module this file declares (`mod child;`);
//! - the same in attributes (`#[arg(value_parser = crate::parse)]`).
//!
//! A path names the longest module prefix it has: `crate::model::Opcode` is an edge to
//! `model` even when `Opcode` is defined in `model::opcode` and re-exported, because the path
//! goes through `model`'s re-export (the crate root's re-exports are edges to the root). An
//! inline `mod x { .. }` is part of its file. Modules declared under `#[cfg(test)]` (or
//! `#[cfg(all(test, ..))]`) are not read.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One module of a crate: its path from the crate root and its file.
#[derive(Debug)]
pub struct Module {
    pub path: Vec<String>,
    pub file: PathBuf,
}

/// A crate's modules and the edges between them (`edges[from]`: target and the first path
/// text that made the edge).
#[derive(Debug)]
pub struct Graph {
    pub modules: Vec<Module>,
    pub edges: Vec<BTreeMap<usize, String>>,
}

/// A token of Rust source, literals and comments reduced to what the graph needs.
#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    /// A string literal's text (for `#[path = ".."]`).
    Str(String),
    /// `::`
    Sep,
    Punct(char),
    /// A number, char or lifetime.
    Other,
}

fn lex(src: &str) -> Vec<Tok> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let ident_char = |ch: char| ch.is_alphanumeric() || ch == '_';
    while i < c.len() {
        let ch = c[i];
        let next = c.get(i + 1).copied();
        if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && next == Some('/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && next == Some('*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if let Some((text, end)) = string_at(&c, i) {
            out.push(Tok::Str(text));
            i = end;
        } else if ch == '\'' {
            // A char literal ('x', '\n', '\u{..}') or a lifetime ('a).
            if next == Some('\\') {
                i += 2;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if c.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < c.len() && ident_char(c[i]) {
                    i += 1;
                }
            }
            out.push(Tok::Other);
        } else if ch.is_ascii_digit() {
            while i < c.len() && ident_char(c[i]) {
                i += 1;
            }
            out.push(Tok::Other);
        } else if ident_char(ch) {
            let start = i;
            while i < c.len() && ident_char(c[i]) {
                i += 1;
            }
            let mut word: String = c[start..i].iter().collect();
            if word == "r" && c.get(i) == Some(&'#') && c.get(i + 1).is_some_and(|&x| ident_char(x))
            {
                // A raw identifier, r#type.
                let s = i + 1;
                i = s;
                while i < c.len() && ident_char(c[i]) {
                    i += 1;
                }
                word = c[s..i].iter().collect();
            }
            out.push(Tok::Ident(word));
        } else if ch == ':' && next == Some(':') {
            out.push(Tok::Sep);
            i += 2;
        } else {
            out.push(Tok::Punct(ch));
            i += 1;
        }
    }
    out
}

/// A string literal starting at `i` ("..", r#".."#, b"..", br"..", c".."): its text and end.
fn string_at(c: &[char], i: usize) -> Option<(String, usize)> {
    if i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_') {
        return None;
    }
    let mut j = i;
    if matches!(c.get(j), Some('b') | Some('c')) {
        j += 1;
    }
    let raw = c.get(j) == Some(&'r');
    if raw {
        j += 1;
    }
    let mut hashes = 0;
    while raw && c.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    if c.get(j) != Some(&'"') {
        return None;
    }
    j += 1;
    let start = j;
    while j < c.len() {
        if !raw && c[j] == '\\' {
            j += 2;
            continue;
        }
        if c[j] == '"' && (0..hashes).all(|h| c.get(j + 1 + h) == Some(&'#')) {
            let text = c[start..j].iter().collect();
            return Some((text, j + 1 + hashes));
        }
        j += 1;
    }
    Some((c[start..].iter().collect(), c.len()))
}

/// The index after the group that opens at `i` (`(`, `[` or `{`).
fn close_of(t: &[Tok], i: usize) -> usize {
    let mut depth = 0i32;
    let mut j = i;
    while j < t.len() {
        match t[j] {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => {
                depth -= 1;
                if depth == 0 {
                    return j + 1;
                }
            }
            _ => {}
        }
        j += 1;
    }
    t.len()
}

/// The index after the item that starts at `i`: its `;` at depth 0, or the `}` that closes
/// its body.
fn item_end(t: &[Tok], i: usize) -> usize {
    let mut j = i;
    while j < t.len() {
        match t[j] {
            Tok::Punct(';') => return j + 1,
            Tok::Punct('{') => {
                let end = close_of(t, j);
                // `use a::{b, c};` goes on to its `;`; a body ends the item.
                if end < t.len() && t[end] == Tok::Punct(';') {
                    return end + 1;
                }
                let is_use = t[i..j].contains(&Tok::Ident("use".into()));
                if !is_use {
                    return end;
                }
                j = end;
                continue;
            }
            Tok::Punct('(' | '[') => {
                j = close_of(t, j);
                continue;
            }
            _ => {}
        }
        j += 1;
    }
    t.len()
}

/// Whether an attribute's tokens (inside `#[..]`) make its item test-only: `cfg(test)`,
/// `cfg(doctest)`, `cfg(all(test, ..))`.
fn test_only(attr: &[Tok]) -> bool {
    let ident = |s: &str| attr.contains(&Tok::Ident(s.into()));
    attr.first() == Some(&Tok::Ident("cfg".into()))
        && (ident("test") || ident("doctest"))
        && !ident("not")
        && !ident("any")
}

/// A file's tokens without its test-only items, the modules it declares (name, and the
/// `#[path]` given), and whether it declared any under `cfg(test)`.
fn without_tests(t: Vec<Tok>) -> (Vec<Tok>, Vec<(String, Option<String>)>) {
    let mut out = Vec::with_capacity(t.len());
    let mut children = Vec::new();
    let mut i = 0;
    let mut test = false;
    let mut path_attr = None;
    let mut depth = 0;
    while i < t.len() {
        if t[i] == Tok::Punct('#') {
            let inner = t.get(i + 1) == Some(&Tok::Punct('!'));
            let open = if inner { i + 2 } else { i + 1 };
            if t.get(open) == Some(&Tok::Punct('[')) {
                let end = close_of(&t, open);
                let attr = &t[open + 1..end.saturating_sub(1)];
                if !inner && test_only(attr) {
                    test = true;
                }
                if let [Tok::Ident(p), Tok::Punct('='), Tok::Str(s)] = attr {
                    if p == "path" {
                        path_attr = Some(s.clone());
                    }
                }
                // An attribute's paths are the file's too (`value_parser = crate::f`).
                if !test {
                    out.extend_from_slice(&t[i..end]);
                }
                i = end;
                continue;
            }
        }
        if test {
            i = item_end(&t, i);
            test = false;
            path_attr = None;
            continue;
        }
        match &t[i] {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => depth -= 1,
            Tok::Ident(m) if m == "mod" && depth == 0 => {
                if let (Some(Tok::Ident(name)), Some(Tok::Punct(';'))) =
                    (t.get(i + 1), t.get(i + 2))
                {
                    children.push((name.clone(), path_attr.take()));
                }
            }
            Tok::Punct(';') => path_attr = None,
            _ => {}
        }
        out.push(t[i].clone());
        i += 1;
    }
    (out, children)
}

/// The paths of a `use` group that opens at `t[i]` (`{`), each relative to the group's
/// prefix, and the index after the group.
fn use_group(t: &[Tok], i: usize) -> (Vec<Vec<String>>, usize) {
    let mut paths = Vec::new();
    let mut j = i + 1;
    let mut current: Vec<String> = Vec::new();
    while j < t.len() {
        match &t[j] {
            Tok::Punct('}') => {
                if !current.is_empty() {
                    paths.push(std::mem::take(&mut current));
                }
                return (paths, j + 1);
            }
            Tok::Punct(',') => {
                if !current.is_empty() {
                    paths.push(std::mem::take(&mut current));
                }
                j += 1;
            }
            Tok::Sep if t.get(j + 1) == Some(&Tok::Punct('{')) => {
                let (inner, end) = use_group(t, j + 1);
                for p in inner {
                    paths.push(current.iter().cloned().chain(p).collect());
                }
                current.clear();
                j = end;
            }
            Tok::Ident(w) if w == "as" => {
                // `x as y`: the path is `x`; skip the alias.
                j += 2;
            }
            Tok::Ident(w) if w == "self" && current.is_empty() => j += 1,
            Tok::Ident(w) => {
                current.push(w.clone());
                j += 1;
            }
            Tok::Punct('{') => {
                let (inner, end) = use_group(t, j);
                paths.extend(inner);
                j = end;
            }
            _ => j += 1,
        }
    }
    (paths, t.len())
}

/// Every path of a file's code (without test items), from its first segment, each with the
/// inline modules (`mod x { .. }`) it is written in.
fn paths(t: &[Tok]) -> Vec<(Vec<String>, Vec<String>)> {
    let mut out = Vec::new();
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < t.len() {
        match &t[i] {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                depth -= 1;
                if inline.last().is_some_and(|&(_, d)| d == depth) {
                    inline.pop();
                }
            }
            _ => {}
        }
        if let (Tok::Ident(m), Some(Tok::Ident(name)), Some(Tok::Punct('{'))) =
            (&t[i], t.get(i + 1), t.get(i + 2))
        {
            if m == "mod" {
                inline.push((name.clone(), depth));
            }
        }
        let scope: Vec<String> = inline.iter().map(|(n, _)| n.clone()).collect();
        let Tok::Ident(first) = &t[i] else {
            i += 1;
            continue;
        };
        let continues = i > 0 && t[i - 1] == Tok::Sep;
        // `pub(in crate::a)` is a visibility, not a use of `a`.
        let visibility =
            i >= 2 && t[i - 1] == Tok::Ident("in".into()) && t[i - 2] == Tok::Punct('(');
        if continues || visibility || t.get(i + 1) != Some(&Tok::Sep) {
            i += 1;
            continue;
        }
        let mut path = vec![first.clone()];
        let mut j = i + 1;
        loop {
            match (t.get(j), t.get(j + 1)) {
                (Some(Tok::Sep), Some(Tok::Ident(w))) => {
                    path.push(w.clone());
                    j += 2;
                }
                (Some(Tok::Sep), Some(Tok::Punct('{'))) => {
                    let (inner, end) = use_group(t, j + 1);
                    if inner.is_empty() {
                        out.push((scope.clone(), path.clone()));
                    }
                    for p in inner {
                        out.push((scope.clone(), path.iter().cloned().chain(p).collect()));
                    }
                    path.clear();
                    j = end;
                    break;
                }
                (Some(Tok::Sep), Some(Tok::Punct('*'))) => {
                    j += 2;
                    break;
                }
                _ => break,
            }
        }
        if !path.is_empty() {
            out.push((scope, path));
        }
        i = j;
    }
    out
}

/// The file of module `name` declared in `file` (module path `path`), with its `#[path]`.
fn child_file(file: &Path, is_dir_owner: bool, name: &str, attr: Option<&str>) -> PathBuf {
    let dir = file.parent().unwrap_or(Path::new(""));
    if let Some(p) = attr {
        return dir.join(p);
    }
    let base = if is_dir_owner {
        dir.to_path_buf()
    } else {
        dir.join(file.file_stem().unwrap_or_default())
    };
    let flat = base.join(format!("{name}.rs"));
    if flat.is_file() {
        flat
    } else {
        base.join(name).join("mod.rs")
    }
}

/// The graph of the crate whose root file is `root` (`src/lib.rs`, `src/main.rs`).
pub fn read(root: &Path) -> Graph {
    let mut modules = Vec::new();
    let mut code = Vec::new();
    let mut children: Vec<Vec<String>> = Vec::new();
    let mut queue = vec![(Vec::<String>::new(), root.to_path_buf(), true)];
    while let Some((path, file, is_dir_owner)) = queue.pop() {
        let text =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let (tokens, declared) = without_tests(lex(&text));
        for (name, attr) in &declared {
            if name == "tests" {
                continue;
            }
            let f = child_file(&file, is_dir_owner, name, attr.as_deref());
            let owner = attr.is_none() && f.file_name().is_some_and(|n| n == "mod.rs");
            let mut p = path.clone();
            p.push(name.clone());
            queue.push((p, f, owner));
        }
        children.push(declared.into_iter().map(|(n, _)| n).collect());
        code.push(tokens);
        modules.push(Module { path, file });
    }
    let index: BTreeMap<Vec<String>, usize> = modules
        .iter()
        .enumerate()
        .map(|(i, m)| (m.path.clone(), i))
        .collect();
    let mut edges = vec![BTreeMap::new(); modules.len()];
    for (from, tokens) in code.iter().enumerate() {
        let here = &modules[from].path;
        for (scope, p) in paths(tokens) {
            let inner: Vec<String> = here.iter().chain(&scope).cloned().collect();
            let (mut base, mut rest) = match p[0].as_str() {
                "crate" => (Vec::new(), &p[1..]),
                "self" => (inner, &p[1..]),
                "super" => (inner, &p[..]),
                w if scope.is_empty() && children[from].iter().any(|c| c == w) => (inner, &p[..]),
                _ => continue,
            };
            while rest.first().is_some_and(|s| s == "super") {
                base.pop();
                rest = &rest[1..];
            }
            base.extend(rest.iter().cloned());
            let to = (0..=base.len())
                .rev()
                .find_map(|k| index.get(&base[..k]).copied());
            if let Some(to) = to.filter(|&to| to != from) {
                edges[from].entry(to).or_insert_with(|| p.join("::"));
            }
        }
    }
    Graph { modules, edges }
}

/// The graph's circles: each strongly connected set of more than one module, sorted.
pub fn circles(g: &Graph) -> Vec<BTreeSet<usize>> {
    struct Tarjan<'a> {
        g: &'a Graph,
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        stack: Vec<usize>,
        on: Vec<bool>,
        next: usize,
        out: Vec<BTreeSet<usize>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.next);
            self.low[v] = self.next;
            self.next += 1;
            self.stack.push(v);
            self.on[v] = true;
            for &w in self.g.edges[v].keys() {
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(iw) if self.on[w] => self.low[v] = self.low[v].min(iw),
                    Some(_) => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut set = BTreeSet::new();
                loop {
                    let w = self.stack.pop().expect("on the stack");
                    self.on[w] = false;
                    set.insert(w);
                    if w == v {
                        break;
                    }
                }
                if set.len() > 1 {
                    self.out.push(set);
                }
            }
        }
    }
    let n = g.modules.len();
    let mut t = Tarjan {
        g,
        index: vec![None; n],
        low: vec![0; n],
        stack: Vec::new(),
        on: vec![false; n],
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if t.index[v].is_none() {
            t.visit(v);
        }
    }
    t.out.sort();
    t.out
}
