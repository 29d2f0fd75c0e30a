//! Parser and writer tests: the example of the format doc, errors with their places, round
//! trips (proptest), and no panic on any input (proptest).

use proptest::prelude::*;

use super::*;

const QUAD: &str = r#"molehill-trace 1
# A red-green quad on a 64x64 back buffer.
stage.requestContext3D("auto", "baseline")
context.configureBackBuffer(64, 64, 0, true)
vb = context.createVertexBuffer(4, 6)
vb.uploadFromVector([-1, -1, 0, 1, 0, 0,   1, -1, 0, 1, 0, 0,
                      1,  1, 0, 0, 1, 0,  -1,  1, 0, 0, 1, 0], 0, 4)
ib = context.createIndexBuffer(6)
ib.uploadFromVector([0, 1, 2, 0, 2, 3], 0, 6)
p = context.createProgram()
p.upload(agal("vertex", "mov op, va0; mov v0, va1"), agal("fragment", "mov oc, v0"))
context.setProgram(p)
context.setVertexBufferAt(0, vb, 0, "float3")
context.setVertexBufferAt(1, vb, 3, "float3")
context.clear(0, 0, 0, 1)
context.drawTriangles(ib, 0, 2)
context.present()
expect pixel 1 62 0xFFFF0000 tolerance 2
expect image "quad.png" tolerance 2 max_outliers 8

vb2 = context.createVertexBuffer(4, 65)
expect error 3670 ArgumentError "Error #3670: Buffer too big."
"#;

fn err(text: &str) -> ParseError {
    match parse(text) {
        Ok(t) => panic!("expected an error, parsed {t:?}"),
        Err(e) => e,
    }
}

fn at(e: &ParseError) -> (u32, u32) {
    (e.line(), e.column())
}

#[test]
fn the_documented_example_parses_to_typed_calls() {
    let t = parse(QUAD).unwrap();
    assert_eq!(t.statements.len(), 18);
    let calls: Vec<&Statement> = t.statements.iter().map(|s| &s.value).collect();
    assert_eq!(
        calls[1],
        &Statement::Call {
            result: None,
            stage3d: 0,
            call: Call::ConfigureBackBuffer {
                width: 64,
                height: 64,
                anti_alias: 0,
                enable_depth_and_stencil: true,
                wants_best_resolution: false,
                wants_best_resolution_on_browser_zoom: false,
            }
        }
    );
    match calls[3] {
        Statement::Call {
            call: Call::VertexBufferUploadFromVector { buffer, data, .. },
            ..
        } => {
            assert_eq!(buffer, &Name("vb".into()));
            assert_eq!(data.len(), 24);
            assert_eq!(data[0], -1.0);
        }
        other => panic!("{other:?}"),
    }
    match calls[7] {
        Statement::Call {
            call: Call::ProgramUpload { vertex_program, .. },
            ..
        } => {
            assert_eq!(
                vertex_program.source,
                ByteSource::Agal {
                    kind: molehill_agal::ProgramKind::Vertex,
                    version: molehill_agal::Version::V1,
                    source: AgalSource::Inline("mov op, va0; mov v0, va1".into())
                }
            );
        }
        other => panic!("{other:?}"),
    }
    // Defaults filled in: clear(0, 0, 0, 1) has depth 1, stencil 0, mask all ones.
    assert_eq!(
        calls[11],
        &Statement::Call {
            result: None,
            stage3d: 0,
            call: Call::Clear {
                red: 0.0,
                green: 0.0,
                blue: 0.0,
                alpha: 1.0,
                depth: 1.0,
                stencil: 0,
                mask: 0xFFFF_FFFF
            }
        }
    );
    assert_eq!(
        calls[14],
        &Statement::ExpectPixel {
            x: 1,
            y: 62,
            argb: 0xFFFF0000,
            tolerance: 2
        }
    );
    assert_eq!(
        calls[17],
        &Statement::ExpectError {
            id: 3670,
            class: Some(molehill_agal::flash::ErrorClass::ArgumentError),
            message: Some("Error #3670: Buffer too big.".into())
        }
    );
    // Positions: the statement's first token.
    assert_eq!(t.statements[3].pos, Pos { line: 6, column: 1 });
    assert_eq!(t.statements[4].pos, Pos { line: 8, column: 1 });
}

#[test]
fn write_then_parse_gives_the_same_trace() {
    let t = parse(QUAD).unwrap();
    let text = write(&t);
    assert!(text.starts_with("molehill-trace 1\n"));
    assert_eq!(parse(&text).unwrap(), t);
    // And the writer is stable.
    assert_eq!(write(&parse(&text).unwrap()), text);
}

#[test]
fn values_of_every_kind_round_trip() {
    let text = r#"molehill-trace 1
config swfVersion 29
stage.requestContext3DMatchingProfiles(["standard", "baseline"])
stage.x = NaN
stage.y = -Infinity
stage.visible = false
context.enableErrorChecking = true
t = context.createTexture(2, 2, "bgra", false)
t.uploadFromBitmapData(bitmap(2, 2, [0xFFFF0000, 0x80FFFFFF, 0, 1], false), 1)
t.uploadFromBitmapData(bitmapFile("tex.png"))
t.uploadFromByteArray(bytes("00 01 02 ff", "bigEndian", 2), 0)
t.uploadFromByteArray(bytesFile("t.bin"), 4, 1)
c = context.createCubeTexture(4, "bgra", true, 0)
c.uploadFromBitmapData(bitmap(4, 4, 0xFF00FF00), 5, 0)
r = context.createRectangleTexture(3, 5, "bgra", true)
r.uploadFromByteArray(hexFile("r.hex", "littleEndian", 1), 0)
p = context.createProgram()
p.upload(agalFile("vertex", "v.agal", 2), agal("fragment", "tex oc, v0, fs0 <2d,linear>", 2))
context.setScissorRectangle(rect(1.5, 2, 3e2, 0.25))
context.setScissorRectangle(null)
context.setProgramConstantsFromVector("vertex", 0, [1e-7, -0.5, 1.25e300, -0], 1)
context.setProgramConstantsFromByteArray("fragment", 0, 1, bytes(""), 0)
context.setRenderToTexture(c, true, 4, 3, 0)
context.setStencilActions("front")
context.drawToBitmapData(bitmap(64, 64, 0x00000000))
expect image "x.png"
c.dispose()
i = context.createVertexBufferForInstances(4, 2, 3)
v = context.createVideoTexture()
v.attachFrame(bitmap(2, 1, [0xFF000000, 0xFFFFFFFF]))
context.dispose(false)
"#;
    let t = parse(text).unwrap();
    assert_eq!(t.config.swf_version, 29);
    let back = parse(&write(&t)).unwrap();
    // NaN != NaN, so compare the text of the two writes instead of the values.
    assert_eq!(write(&back), write(&t));
    match &t.statements[1].value {
        Statement::Call {
            call: Call::SetStageX(x),
            ..
        } => assert!(x.is_nan()),
        other => panic!("{other:?}"),
    }
    match &t.statements[8].value {
        Statement::Call {
            call: Call::TextureUploadFromByteArray { data, .. },
            ..
        } => {
            assert_eq!(data.source, ByteSource::Inline(vec![0, 1, 2, 0xff]));
            assert_eq!(data.endian, Endian::Big);
            assert_eq!(data.position, 2);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn errors_name_line_and_column() {
    // Missing header.
    let e = err("stage.requestContext3D()\n");
    assert_eq!((at(&e), &e.kind), ((1, 1), &ParseErrorKind::MissingHeader));
    let e = err("molehill-trace 2\n");
    assert_eq!(at(&e), (1, 16));
    assert!(matches!(e.kind, ParseErrorKind::UnsupportedVersion(_)));
    // A bad number in a vector, on line 4 column 31.
    let e = err("molehill-trace 1\nstage.requestContext3D()\nvb = context.createVertexBuffer(3, 2)\nvb.uploadFromVector([1, 2, 3, x], 0, 3)\n");
    assert_eq!(at(&e), (4, 31));
    assert_eq!(
        e.to_string(),
        "line 4, column 31: expected a number, found `x`"
    );
    // A Matrix3D's rawData is 16 Numbers (a short one was padded with zeros at replay).
    let e = err("molehill-trace 1\nstage.requestContext3D()\ncontext.setProgramConstantsFromMatrix(\"vertex\", 0, [1, 2])\n");
    assert_eq!(
        (at(&e), &e.kind),
        ((3, 52), &ParseErrorKind::MatrixLength(2))
    );
    let sixteen = vec!["0"; 16].join(", ");
    let t = crate::parse(&format!("molehill-trace 1\nstage.requestContext3D()\ncontext.setProgramConstantsFromMatrix(\"vertex\", 0, [{sixteen}])\n"));
    assert!(t.is_ok(), "{t:?}");
    // Wrong type.
    let e = err(
        "molehill-trace 1\nstage.requestContext3D()\ncontext.configureBackBuffer(64, \"64\", 0)\n",
    );
    assert_eq!(at(&e), (3, 33));
    // Not an int.
    let e = err(
        "molehill-trace 1\nstage.requestContext3D()\ncontext.configureBackBuffer(64.5, 64, 0)\n",
    );
    assert_eq!(at(&e), (3, 29));
    assert!(matches!(e.kind, ParseErrorKind::NotAnInteger { .. }));
    // Missing argument: reported at the closing parenthesis.
    let e =
        err("molehill-trace 1\nstage.requestContext3D()\ncontext.configureBackBuffer(64, 64)\n");
    assert_eq!(at(&e), (3, 35));
    assert!(matches!(
        e.kind,
        ParseErrorKind::MissingArgument {
            argument: "antiAlias",
            ..
        }
    ));
    // Too many.
    let e = err("molehill-trace 1\nstage.requestContext3D()\ncontext.present(1)\n");
    assert_eq!(at(&e), (3, 17));
    // Unknown method.
    let e = err("molehill-trace 1\nstage.requestContext3D()\ncontext.presnt()\n");
    assert_eq!(at(&e), (3, 9));
    // Context before the request.
    let e = err("molehill-trace 1\ncontext.present()\n");
    assert_eq!(
        (at(&e), &e.kind),
        ((2, 1), &ParseErrorKind::ContextBeforeRequest)
    );
    // Unterminated string.
    let e = err("molehill-trace 1\nstage.requestContext3D(\"auto)\n");
    assert_eq!(
        (at(&e), &e.kind),
        ((2, 24), &ParseErrorKind::UnterminatedString)
    );
    // Unclosed bracket reported where it opened.
    let e = err("molehill-trace 1\nstage.requestContext3D(\n\n");
    assert_eq!((at(&e), &e.kind), ((2, 23), &ParseErrorKind::Unclosed('(')));
    // Wrong kind of resource.
    let e = err("molehill-trace 1\nstage.requestContext3D()\nib = context.createIndexBuffer(3)\ncontext.setVertexBufferAt(0, ib)\n");
    assert_eq!(at(&e), (4, 30));
    assert!(matches!(e.kind, ParseErrorKind::WrongKind { .. }));
    // A method of another texture class.
    let e = err("molehill-trace 1\nstage.requestContext3D()\nr = context.createRectangleTexture(4, 4, \"bgra\", false)\nr.uploadFromBitmapData(bitmap(4, 4, 0), 0)\n");
    assert_eq!(at(&e), (4, 41));
    // Pixel count.
    let e = err("molehill-trace 1\nstage.requestContext3D()\ncontext.drawToBitmapData(bitmap(2, 2, [1, 2, 3]))\n");
    assert!(matches!(
        e.kind,
        ParseErrorKind::PixelCount {
            expected: 4,
            found: 3,
            ..
        }
    ));
    assert_eq!(at(&e), (3, 39));
    // Odd hex.
    let e = err("molehill-trace 1\nstage.requestContext3D()\np = context.createProgram()\np.upload(bytes(\"a0 0\"), bytes(\"\"))\n");
    assert!(matches!(e.kind, ParseErrorKind::BadHex(_)));
    // expect before any call, and twice for one call.
    let e = err("molehill-trace 1\nexpect error 2008\n");
    assert_eq!(at(&e), (2, 1));
    let e = err("molehill-trace 1\nstage.requestContext3D(\"auto\", \"x\")\nexpect error 2008\nexpect error 2008\n");
    assert_eq!(at(&e), (4, 1));
    // Trailing input.
    let e = err("molehill-trace 1\nstage.requestContext3D() 5\n");
    assert_eq!(at(&e), (2, 26));
    // A create call must be bound; other calls must not.
    let e = err("molehill-trace 1\nstage.requestContext3D()\ncontext.createProgram()\n");
    assert!(matches!(
        e.kind,
        ParseErrorKind::UnboundCreate("createProgram")
    ));
    let e = err("molehill-trace 1\nstage.requestContext3D()\nx = context.present()\n");
    assert!(matches!(e.kind, ParseErrorKind::NothingToBind("present")));
    // Reserved names.
    let e = err("molehill-trace 1\nstage.requestContext3D()\nbytes = context.createProgram()\n");
    assert!(matches!(e.kind, ParseErrorKind::ReservedName(_)));
    // Deep nesting is an error, not a stack overflow.
    let deep = format!(
        "molehill-trace 1\nstage.requestContext3DMatchingProfiles({}{})\n",
        "[".repeat(5000),
        "]".repeat(5000)
    );
    assert!(matches!(err(&deep).kind, ParseErrorKind::TooDeep));
}

#[test]
fn columns_count_characters_not_bytes() {
    let e = err("molehill-trace 1\nstage.requestContext3D(\"é\", 5)\n");
    assert_eq!(at(&e), (2, 29));
}

#[test]
fn comments_blank_lines_and_continuations() {
    let t = parse("molehill-trace 1 # header comment\n\n  # only a comment\nstage.requestContext3D( # open\n  \"auto\",\n  \"standard\" # profile\n)\n").unwrap();
    assert_eq!(t.statements.len(), 1);
    assert_eq!(
        t.statements[0].value,
        Statement::Call {
            result: None,
            call: Call::RequestContext3D {
                render_mode: "auto".into(),
                profile: "standard".into()
            },
            stage3d: 0,
        }
    );
    // CRLF line ends.
    let t = parse("molehill-trace 1\r\nstage.requestContext3D()\r\ncontext.present()\r\n").unwrap();
    assert_eq!(t.statements.len(), 2);
}

// ---------------------------------------------------------------------------------------------
// Property tests
// ---------------------------------------------------------------------------------------------

fn finite() -> impl Strategy<Value = f64> {
    prop_oneof![
        (-1000i32..1000).prop_map(f64::from),
        any::<f64>().prop_filter("finite", |v| v.is_finite()),
        Just(-0.0),
        Just(f64::INFINITY),
    ]
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("sourceAlpha".to_string()),
        Just(String::new()),
        "[ -~]{0,12}",
        "\\PC{0,8}",
        Just("a\"b\\c\nd\te\rf".to_string()),
    ]
}

fn name() -> impl Strategy<Value = Name> {
    prop_oneof![
        Just(Name("vb".into())),
        Just(Name("ib".into())),
        Just(Name("t".into()))
    ]
}

fn byte_array() -> impl Strategy<Value = ByteArrayArg> {
    prop_oneof![
        (
            proptest::collection::vec(any::<u8>(), 0..20),
            any::<bool>(),
            any::<u32>()
        )
            .prop_map(|(b, big, position)| ByteArrayArg {
                source: ByteSource::Inline(b),
                endian: if big { Endian::Big } else { Endian::Little },
                position,
            }),
        text().prop_map(|p| ByteArrayArg {
            source: ByteSource::File(p),
            endian: Endian::Little,
            position: 0
        }),
        (text(), any::<bool>()).prop_map(|(s, v2)| ByteArrayArg {
            source: ByteSource::Agal {
                kind: molehill_agal::ProgramKind::Fragment,
                version: if v2 {
                    molehill_agal::Version::V2
                } else {
                    molehill_agal::Version::V1
                },
                source: AgalSource::Inline(s)
            },
            endian: Endian::Little,
            position: 0
        }),
    ]
}

fn bitmap() -> impl Strategy<Value = BitmapArg> {
    prop_oneof![
        (1u32..5, 1u32..5, any::<u32>(), any::<bool>()).prop_map(
            |(width, height, fill, transparent)| {
                BitmapArg::Fill {
                    width,
                    height,
                    fill,
                    transparent,
                }
            }
        ),
        (1u32..4, 1u32..4, any::<bool>()).prop_flat_map(|(w, h, transparent)| {
            proptest::collection::vec(any::<u32>(), (w * h) as usize).prop_map(move |pixels| {
                BitmapArg::Pixels {
                    width: w,
                    height: h,
                    pixels,
                    transparent,
                }
            })
        }),
        text().prop_map(|path| BitmapArg::File {
            path,
            transparent: true
        }),
    ]
}

/// Calls valid after the prelude below (vb, ib, t exist).
fn call() -> impl Strategy<Value = Call> {
    prop_oneof![
        (
            finite(),
            finite(),
            finite(),
            finite(),
            finite(),
            any::<u32>(),
            any::<u32>()
        )
            .prop_map(
                |(red, green, blue, alpha, depth, stencil, mask)| Call::Clear {
                    red,
                    green,
                    blue,
                    alpha,
                    depth,
                    stencil,
                    mask
                }
            ),
        (any::<i32>(), any::<i32>(), text()).prop_map(|(a, b, s)| Call::CreateVertexBuffer {
            num_vertices: a,
            data32_per_vertex: b,
            buffer_usage: s
        }),
        (
            text(),
            any::<i32>(),
            proptest::collection::vec(finite(), 0..10),
            any::<i32>()
        )
            .prop_map(|(program_type, first_register, data, num_registers)| {
                Call::SetProgramConstantsFromVector {
                    program_type,
                    first_register,
                    data,
                    num_registers,
                }
            }),
        (
            text(),
            any::<i32>(),
            any::<i32>(),
            byte_array(),
            any::<u32>()
        )
            .prop_map(
                |(program_type, first_register, num_registers, data, byte_array_offset)| {
                    Call::SetProgramConstantsFromByteArray {
                        program_type,
                        first_register,
                        num_registers,
                        data,
                        byte_array_offset,
                    }
                }
            ),
        (
            any::<i32>(),
            proptest::option::of(Just(Name("vb".into()))),
            any::<i32>(),
            text()
        )
            .prop_map(
                |(index, buffer, buffer_offset, format)| Call::SetVertexBufferAt {
                    index,
                    buffer,
                    buffer_offset,
                    format
                }
            ),
        proptest::option::of((finite(), finite(), finite(), finite())).prop_map(|r| {
            Call::SetScissorRectangle {
                rectangle: r.map(|(x, y, width, height)| Rect {
                    x,
                    y,
                    width,
                    height,
                }),
            }
        }),
        (bitmap(), any::<u32>()).prop_map(|(source, miplevel)| Call::TextureUploadFromBitmapData {
            texture: Name("t".into()),
            source,
            miplevel
        }),
        (
            bitmap(),
            proptest::option::of((finite(), finite(), finite(), finite())),
            proptest::option::of((finite(), finite()))
        )
            .prop_map(|(destination, r, p)| Call::DrawToBitmapData {
                destination,
                src_rect: r.map(|(x, y, width, height)| Rect {
                    x,
                    y,
                    width,
                    height,
                }),
                dest_point: p.map(|(x, y)| Point { x, y }),
            }),
        (
            proptest::collection::vec(any::<u32>(), 0..10),
            any::<i32>(),
            any::<i32>()
        )
            .prop_map(
                |(data, start_offset, count)| Call::IndexBufferUploadFromVector {
                    buffer: Name("ib".into()),
                    data,
                    start_offset,
                    count
                }
            ),
        proptest::collection::vec(text(), 0..4)
            .prop_map(|profiles| Call::RequestContext3DMatchingProfiles { profiles }),
        finite().prop_map(Call::SetStageY),
        name().prop_map(|resource| Call::Dispose { resource }),
        name().prop_map(|resource| Call::Collect { resource }),
        Just(Call::ForceContextLoss),
        Just(Call::RecoverLostContext),
        Just(Call::Present),
    ]
}

fn statement() -> impl Strategy<Value = Statement> {
    prop_oneof![
        4 => call().prop_map(|call| Statement::Call { result: call.creates().map(|_| Name("made".into())), call, stage3d: 0 }),
        1 => (any::<u32>(), any::<u32>(), any::<u32>(), any::<u8>())
            .prop_map(|(x, y, argb, tolerance)| Statement::ExpectPixel { x, y, argb, tolerance }),
        1 => (text(), any::<u8>(), 0u64..1_000_000).prop_map(|(file, tolerance, max_outliers)| {
            Statement::ExpectImage { file, tolerance, max_outliers }
        }),
        1 => (text(), any::<u8>(), 0u64..1_000_000).prop_map(|(file, tolerance, max_outliers)| {
            Statement::ExpectScreen { file, tolerance, max_outliers }
        }),
    ]
}

fn prelude() -> Vec<Located<Statement>> {
    let text = "molehill-trace 1\nstage.requestContext3D()\nvb = context.createVertexBuffer(3, 3)\nib = context.createIndexBuffer(3)\nt = context.createTexture(4, 4, \"bgra\", false)\n";
    parse(text).unwrap().statements
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn parse_of_write_is_identity(
        body in proptest::collection::vec(statement(), 0..12),
        swf in 9u32..60,
        stage in (1u32..=16384, 1u32..=16384, 0u32..=0xFF_FFFF),
        memory_budget in prop_oneof![Just(molehill_context3d::DEFAULT_MEMORY_BUDGET), 0u64..(1u64 << 53)],
    ) {
        let mut statements = prelude();
        statements.extend(body.into_iter().map(Located::unplaced));
        let stage = molehill_context3d::stage::StageLayout::new(stage.0, stage.1, stage.2);
        let t = Trace { config: Config { swf_version: swf, stage, memory_budget }, statements };
        let text = write(&t);
        let back = parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(back, t);
    }

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,200}") {
        let _ = parse(&s);
        let _ = parse(&format!("molehill-trace 1\n{s}"));
    }

    #[test]
    fn mutated_traces_never_panic(cut in 0usize..2000, insert in "[\\[\\]()\",.=#0-9a-z\\n -]{0,6}") {
        // Take the documented example, cut it somewhere and insert junk: errors, never panics.
        let chars: Vec<char> = QUAD.chars().collect();
        let at = cut % (chars.len() + 1);
        let mut s: String = chars[..at].iter().collect();
        s.push_str(&insert);
        s.extend(chars[at..].iter());
        if let Err(e) = parse(&s) {
            prop_assert!(e.line() >= 1 && e.column() >= 1);
        }
    }
}

/// Every call the conformance suite and the example traces use goes through the writer and
/// back with each argument in its place: written, parsed and written again, the text is the
/// same (a writer that swapped two arguments of one type would swap them back and differ).
#[test]
fn the_writer_puts_every_argument_of_real_traces_in_its_place() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    // The conformance traces lie in category folders, one level down.
    let conformance = root.join("../tests/conformance");
    let mut dirs = vec![root.join("../replay/tests/traces"), conformance.clone()];
    if let Ok(entries) = std::fs::read_dir(&conformance) {
        dirs.extend(
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_dir()),
        );
    }
    let mut files = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            eprintln!("note: {} is missing; skipped", dir.display());
            continue;
        };
        files.extend(
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "trace")),
        );
    }
    let mut variants = std::collections::HashSet::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let Ok(trace) = parse(&text) else {
            continue; // Traces that test parse errors.
        };
        for s in &trace.statements {
            if let Statement::Call { call, .. } = &s.value {
                variants.insert(std::mem::discriminant(call));
            }
        }
        let once = write(&trace);
        let back = parse(&once).unwrap_or_else(|e| panic!("{}: {e}\n{once}", path.display()));
        assert_eq!(write(&back), once, "{}", path.display());
        assert_eq!(back.statements.len(), trace.statements.len());
    }
    eprintln!("{} traces, {} kinds of call", files.len(), variants.len());
}

#[test]
fn requires_corpus_needs_the_whole_marker_line() {
    use super::requires_corpus;
    assert!(requires_corpus("molehill-trace 1\n# requires_corpus\nx"));
    assert!(requires_corpus("molehill-trace 1\n  # requires_corpus  \n"));
    assert!(!requires_corpus(
        "molehill-trace 1\n# requires_corpus here\n"
    ));
    assert!(!requires_corpus("molehill-trace 1\n# no\n"));
}

#[test]
fn requires_shared_atf_needs_the_whole_marker_line() {
    use super::{requires_corpus, requires_shared_atf};
    assert!(requires_shared_atf(
        "molehill-trace 1\n # requires_shared_atf \nx"
    ));
    assert!(!requires_shared_atf(
        "molehill-trace 1\n# requires_shared_atf too\n"
    ));
    assert!(!requires_shared_atf(
        "molehill-trace 1\n# requires_corpus\n"
    ));
    assert!(!requires_corpus(
        "molehill-trace 1\n# requires_shared_atf\n"
    ));
}
