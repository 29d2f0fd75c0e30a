//! [`Trace`] to text. Every argument is written (defaults included), so the text says exactly
//! what the typed trace says: `parse(&write(&t)) == Ok(t)`.

use std::fmt::Write as _;

use super::calls::method_name;
use super::model::{
    AgalSource, BitmapArg, ByteArrayArg, ByteSource, Call, Endian, Name, Point, Rect, Statement,
    Trace, DEFAULT_SWF_VERSION, HEADER,
};

/// The text of a trace.
pub fn write(trace: &Trace) -> String {
    let mut out = String::new();
    out.push_str(HEADER);
    out.push('\n');
    if trace.config.swf_version != DEFAULT_SWF_VERSION {
        let _ = writeln!(out, "config swfVersion {}", trace.config.swf_version);
    }
    let stage = trace.config.stage;
    if stage != molehill_context3d::stage::StageLayout::default() {
        let _ = writeln!(
            out,
            "config stage {} {} 0x{:06X}",
            stage.width, stage.height, stage.color
        );
    }
    if trace.config.memory_budget != molehill_context3d::DEFAULT_MEMORY_BUDGET {
        let _ = writeln!(out, "config memoryBudget {}", trace.config.memory_budget);
    }
    for statement in &trace.statements {
        out.push_str(&write_statement(&statement.value));
        out.push('\n');
    }
    out
}

/// One statement, without the newline.
pub fn write_statement(statement: &Statement) -> String {
    match statement {
        Statement::Call {
            result,
            call,
            stage3d,
        } => write_call_on(*stage3d, result.as_ref(), call),
        Statement::ExpectError { id, class, message } => {
            let mut s = format!("expect error {id}");
            if let Some(class) = class {
                let _ = write!(s, " {}", super::parse::class_name(*class));
            }
            if let Some(message) = message {
                let _ = write!(s, " {}", string(message));
            }
            s
        }
        Statement::ExpectPixel {
            x,
            y,
            argb,
            tolerance,
        } => format!(
            "expect pixel {x} {y} {} tolerance {tolerance}",
            argb_hex(*argb)
        ),
        Statement::ExpectImage {
            file,
            tolerance,
            max_outliers,
        } => format!(
            "expect image {} tolerance {tolerance} max_outliers {max_outliers}",
            string(file)
        ),
        Statement::ExpectScreen {
            file,
            tolerance,
            max_outliers,
        } => format!(
            "expect screen {} tolerance {tolerance} max_outliers {max_outliers}",
            string(file)
        ),
    }
}

/// One call on `stage` / `context` (Stage3D 0), `result = ` included when given.
pub fn write_call(result: Option<&Name>, call: &Call) -> String {
    write_call_on(0, result, call)
}

/// One call received by Stage3D `stage3d` (`stage3Ds[N]` / `contextN` for N > 0; a resource
/// call names its resource whatever the Stage3D), `result = ` included when given.
pub fn write_call_on(stage3d: usize, result: Option<&Name>, call: &Call) -> String {
    let (mut receiver, args) = parts(call);
    if stage3d > 0 {
        if receiver == "stage" {
            receiver = format!("stage3Ds[{stage3d}]");
        } else if receiver == "context" {
            receiver = format!("context{stage3d}");
        }
    }
    let method = method_name(call);
    let mut s = String::new();
    if let Some(name) = result {
        let _ = write!(s, "{name} = ");
    }
    match args {
        Args::Property(value) => {
            let _ = write!(s, "{receiver}.{method} = {value}");
        }
        Args::List(list) => {
            let _ = write!(s, "{receiver}.{method}({})", list.join(", "));
        }
    }
    s
}

enum Args {
    List(Vec<String>),
    Property(String),
}

/// A `Call` field as a trace writes it (the format follows the field's type).
trait Written {
    fn written(&self) -> String;
}

macro_rules! written {
    ($($ty:ty => |$v:ident| $text:expr;)*) => {$(
        impl Written for $ty {
            fn written(&self) -> String {
                let $v = self;
                $text
            }
        }
    )*};
}
written! {
    i32 => |v| v.to_string();
    u32 => |v| v.to_string();
    bool => |v| v.to_string();
    f64 => |v| number(*v);
    String => |v| string(v);
    Name => |v| v.to_string();
    Option<Name> => |v| v.as_ref().map_or_else(|| "null".into(), Name::to_string);
    Option<Rect> => |v| v.as_ref().map_or_else(|| "null".into(), rect);
    Option<Point> => |v| v.as_ref().map_or_else(|| "null".into(), |p| format!("point({}, {})", number(p.x), number(p.y)));
    Vec<f64> => |v| numbers(v);
    [f64; 16] => |v| numbers(v);
    Vec<u32> => |v| vector(v.iter().map(u32::to_string));
    ByteArrayArg => |v| byte_array(v);
    BitmapArg => |v| bitmap(v);
}

fn parts(call: &Call) -> (String, Args) {
    /// `context.METHOD(FIELDS)` for the `context` list; `RESOURCE.METHOD(FIELDS)` for the
    /// `resource` list, whose first field names the receiver; the other calls follow
    /// `others`, as match arms.
    macro_rules! table {
        (
            context { $($variant:ident { $($field:ident),* },)* }
            resource { $($r_variant:ident { $receiver:ident; $($r_field:ident),* },)* }
            others { $($others:tt)* }
        ) => {
            match call {
                $(Call::$variant { $($field),* } => {
                    ("context".to_string(), Args::List(vec![$($field.written()),*]))
                })*
                $(Call::$r_variant { $receiver, $($r_field),* } => {
                    ($receiver.to_string(), Args::List(vec![$($r_field.written()),*]))
                })*
                $($others)*
            }
        };
    }
    table! {
        context {
            ConfigureBackBuffer {
                width, height, anti_alias, enable_depth_and_stencil, wants_best_resolution,
                wants_best_resolution_on_browser_zoom
            },
            CreateVertexBuffer { num_vertices, data32_per_vertex, buffer_usage },
            CreateVertexBufferForInstances {
                num_vertices, data32_per_vertex, instances_per_element, buffer_usage
            },
            CreateIndexBuffer { num_indices, buffer_usage },
            CreateProgram {},
            CreateTexture {
                width, height, format, optimize_for_render_to_texture, streaming_levels
            },
            CreateCubeTexture { size, format, optimize_for_render_to_texture, streaming_levels },
            CreateRectangleTexture { width, height, format, optimize_for_render_to_texture },
            CreateVideoTexture {},
            SetProgram { program },
            SetVertexBufferAt { index, buffer, buffer_offset, format },
            SetProgramConstantsFromVector { program_type, first_register, data, num_registers },
            SetProgramConstantsFromMatrix {
                program_type, first_register, raw_data, transposed_matrix
            },
            SetProgramConstantsFromByteArray {
                program_type, first_register, num_registers, data, byte_array_offset
            },
            SetTextureAt { sampler, texture },
            SetSamplerStateAt { sampler, wrap, filter, mip_filter },
            SetBlendFactors { source_factor, destination_factor },
            SetColorMask { red, green, blue, alpha },
            SetCulling { triangle_face_to_cull },
            SetDepthTest { depth_mask, pass_compare_mode },
            SetStencilActions {
                triangle_face, compare_mode, action_on_both_pass, action_on_depth_fail,
                action_on_depth_pass_stencil_fail
            },
            SetStencilReferenceValue { reference_value, read_mask, write_mask },
            SetScissorRectangle { rectangle },
            SetRenderToTexture {
                texture, enable_depth_and_stencil, anti_alias, surface_selector, color_output_index
            },
            SetRenderToBackBuffer {},
            SetFillMode { fill_mode },
            DrawTriangles { index_buffer, first_index, num_triangles },
            DrawTrianglesInstanced { index_buffer, num_instances, first_index, num_triangles },
            Present {},
            DrawToBitmapData { destination, src_rect, dest_point },
            DisposeContext { recreate },
        }
        resource {
            VertexBufferUploadFromVector { buffer; data, start_vertex, num_vertices },
            VertexBufferUploadFromByteArray {
                buffer; data, byte_array_offset, start_vertex, num_vertices
            },
            IndexBufferUploadFromVector { buffer; data, start_offset, count },
            IndexBufferUploadFromByteArray { buffer; data, byte_array_offset, start_offset, count },
            ProgramUpload { program; vertex_program, fragment_program },
            TextureUploadFromBitmapData { texture; source, miplevel },
            TextureUploadFromBitmapDataAsync { texture; source, miplevel },
            TextureUploadFromByteArray { texture; data, byte_array_offset, miplevel },
            TextureUploadFromByteArrayAsync { texture; data, byte_array_offset, miplevel },
            UploadCompressedTextureFromByteArray { texture; data, byte_array_offset, is_async },
            CubeTextureUploadFromBitmapData { texture; source, side, miplevel },
            CubeTextureUploadFromByteArray { texture; data, byte_array_offset, side, miplevel },
            RectangleTextureUploadFromBitmapData { texture; source },
            RectangleTextureUploadFromByteArray { texture; data, byte_array_offset },
            VideoTextureAttachFrame { texture; frame },
            Dispose { resource; },
            Collect { resource; },
        }
        others {
            Call::RequestContext3D {
                render_mode,
                profile,
            } => ("stage".into(), Args::List(vec![string(render_mode), string(profile)])),
            Call::RequestContext3DMatchingProfiles { profiles } => (
                "stage".into(),
                Args::List(vec![vector(profiles.iter().map(|p| string(p)))]),
            ),
            Call::SetStageX(x) => ("stage".into(), Args::Property(number(*x))),
            Call::SetStageY(y) => ("stage".into(), Args::Property(number(*y))),
            Call::SetStageVisible(v) => ("stage".into(), Args::Property(v.to_string())),
            Call::ForceContextLoss | Call::RecoverLostContext => ("stage".into(), Args::List(vec![])),
            Call::SetEnableErrorChecking(b) => ("context".into(), Args::Property(b.to_string())),
            // The mask in hex, as AS3 code writes it.
            Call::Clear {
                red,
                green,
                blue,
                alpha,
                depth,
                stencil,
                mask,
            } => (
                "context".into(),
                Args::List(vec![
                    number(*red),
                    number(*green),
                    number(*blue),
                    number(*alpha),
                    number(*depth),
                    stencil.to_string(),
                    argb_hex(*mask),
                ]),
            ),
        }
    }
}

/// A Number as a trace writes it: shortest text that reads back to the same value.
pub(crate) fn number(v: f64) -> String {
    if v.is_nan() {
        "NaN".into()
    } else if v.is_infinite() {
        if v > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else if v == 0.0 && v.is_sign_negative() {
        "-0".into()
    } else if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v:?}")
    }
}

fn numbers(values: &[f64]) -> String {
    vector(values.iter().map(|v| number(*v)))
}

fn vector(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    format!("[{}]", items.join(", "))
}

pub(crate) fn argb_hex(v: u32) -> String {
    format!("0x{v:08X}")
}

/// A string literal with the escapes the lexer reads.
pub(crate) fn string(text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 2);
    s.push('"');
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '\n' => s.push_str("\\n"),
            '\t' => s.push_str("\\t"),
            '\r' => s.push_str("\\r"),
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

fn rect(r: &Rect) -> String {
    format!(
        "rect({}, {}, {}, {})",
        number(r.x),
        number(r.y),
        number(r.width),
        number(r.height)
    )
}

fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 3);
    for (i, b) in bytes.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let _ = write!(s, "{b:02x}");
    }
    s
}

fn byte_array(b: &ByteArrayArg) -> String {
    let tail = |s: String| {
        if b.endian == Endian::Little && b.position == 0 {
            s
        } else {
            format!("{s}, {}, {}", string(b.endian.as3_name()), b.position)
        }
    };
    match &b.source {
        ByteSource::Inline(bytes) => format!("bytes({})", tail(string(&hex(bytes)))),
        ByteSource::File(path) => format!("bytesFile({})", tail(string(path))),
        ByteSource::HexFile(path) => format!("hexFile({})", tail(string(path))),
        ByteSource::Agal {
            kind,
            version,
            source,
        } => {
            let (ctor, text) = match source {
                AgalSource::Inline(t) => ("agal", t),
                AgalSource::File(p) => ("agalFile", p),
            };
            format!(
                "{ctor}({}, {}, {})",
                string(kind.name()),
                string(text),
                version.number()
            )
        }
    }
}

fn bitmap(b: &BitmapArg) -> String {
    match b {
        BitmapArg::Fill {
            width,
            height,
            fill,
            transparent,
        } => format!(
            "bitmap({width}, {height}, {}, {transparent})",
            argb_hex(*fill)
        ),
        BitmapArg::Pixels {
            width,
            height,
            pixels,
            transparent,
        } => format!(
            "bitmap({width}, {height}, {}, {transparent})",
            vector(pixels.iter().map(|p| argb_hex(*p)))
        ),
        BitmapArg::File { path, transparent } => {
            format!("bitmapFile({}, {transparent})", string(path))
        }
    }
}
