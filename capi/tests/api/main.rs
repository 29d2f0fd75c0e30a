//! molehill-capi's integration tests in one binary (one link of the dependency tree instead of
//! one per file): the C boundary's rules, the GL-host entry points and `stage3D.context3D`
//! through the C ABI (headless GL), the C programs of `tests/c` built with `cc` against the
//! static library and run, the generated header, the shared library's SONAME, the module
//! layers read from the source, and the docs (docs/c-api.md's table, each C function's
//! `# Errors`) checked against the facade's sources.
//! Tests run in parallel, each on its own thread (a stage answers only the thread that made it).

mod boundary;

mod c_program;
mod collect;
mod common;
mod context_property;
mod doc_table;
mod error_docs;
mod header;
mod host;
mod layers;
mod soname;
