//! [`Trace`] to text. Every argument is written (defaults included), so the text says exactly
//! what the typed trace says: `parse(&write(&t)) == Ok(t)`.

use std::fmt::Write as _;

use super::calls::method_name;
use super::{
    AgalSource, BitmapArg, ByteArrayArg, ByteSource, Call, Endian, Name, Rect, Statement, Trace,
    DEFAULT_SWF_VERSION, HEADER,
};

/// The text of a trace.
pub fn write(trace: &Trace) -> String {
    let mut out = String::new();
    out.push_str(HEADER);
    out.push('\n');
    if trace.config.swf_version != DEFAULT_SWF_VERSION {
        let _ = writeln!(out, "config swfVersion {}", trace.config.swf_version);
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
        Statement::Call { result, call } => write_call(result.as_ref(), call),
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
    }
}

/// One call, `result = ` included when given.
pub fn write_call(result: Option<&Name>, call: &Call) -> String {
    let (receiver, args) = parts(call);
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

fn parts(call: &Call) -> (String, Args) {
    let stage = || "stage".to_string();
    let ctx = || "context".to_string();
    let l = Args::List;
    match call {
        Call::RequestContext3D {
            render_mode,
            profile,
        } => (stage(), l(vec![string(render_mode), string(profile)])),
        Call::RequestContext3DMatchingProfiles { profiles } => {
            (stage(), l(vec![vector(profiles.iter().map(|p| string(p)))]))
        }
        Call::SetStageX(x) => (stage(), Args::Property(number(*x))),
        Call::SetStageY(y) => (stage(), Args::Property(number(*y))),
        Call::SetStageVisible(v) => (stage(), Args::Property(v.to_string())),
        Call::ConfigureBackBuffer {
            width,
            height,
            anti_alias,
            enable_depth_and_stencil,
            wants_best_resolution,
            wants_best_resolution_on_browser_zoom,
        } => (
            ctx(),
            l(vec![
                width.to_string(),
                height.to_string(),
                anti_alias.to_string(),
                enable_depth_and_stencil.to_string(),
                wants_best_resolution.to_string(),
                wants_best_resolution_on_browser_zoom.to_string(),
            ]),
        ),
        Call::Clear {
            red,
            green,
            blue,
            alpha,
            depth,
            stencil,
            mask,
        } => (
            ctx(),
            l(vec![
                number(*red),
                number(*green),
                number(*blue),
                number(*alpha),
                number(*depth),
                stencil.to_string(),
                argb_hex(*mask),
            ]),
        ),
        Call::CreateVertexBuffer {
            num_vertices,
            data32_per_vertex,
            buffer_usage,
        } => (
            ctx(),
            l(vec![
                num_vertices.to_string(),
                data32_per_vertex.to_string(),
                string(buffer_usage),
            ]),
        ),
        Call::CreateVertexBufferForInstances {
            num_vertices,
            data32_per_vertex,
            instances_per_element,
            buffer_usage,
        } => (
            ctx(),
            l(vec![
                num_vertices.to_string(),
                data32_per_vertex.to_string(),
                instances_per_element.to_string(),
                string(buffer_usage),
            ]),
        ),
        Call::CreateIndexBuffer {
            num_indices,
            buffer_usage,
        } => (
            ctx(),
            l(vec![num_indices.to_string(), string(buffer_usage)]),
        ),
        Call::CreateProgram
        | Call::CreateVideoTexture
        | Call::SetRenderToBackBuffer
        | Call::Present => (ctx(), l(vec![])),
        Call::CreateTexture {
            width,
            height,
            format,
            optimize_for_render_to_texture,
            streaming_levels,
        } => (
            ctx(),
            l(vec![
                width.to_string(),
                height.to_string(),
                string(format),
                optimize_for_render_to_texture.to_string(),
                streaming_levels.to_string(),
            ]),
        ),
        Call::CreateCubeTexture {
            size,
            format,
            optimize_for_render_to_texture,
            streaming_levels,
        } => (
            ctx(),
            l(vec![
                size.to_string(),
                string(format),
                optimize_for_render_to_texture.to_string(),
                streaming_levels.to_string(),
            ]),
        ),
        Call::CreateRectangleTexture {
            width,
            height,
            format,
            optimize_for_render_to_texture,
        } => (
            ctx(),
            l(vec![
                width.to_string(),
                height.to_string(),
                string(format),
                optimize_for_render_to_texture.to_string(),
            ]),
        ),
        Call::SetProgram { program } => (ctx(), l(vec![opt_name(program)])),
        Call::SetVertexBufferAt {
            index,
            buffer,
            buffer_offset,
            format,
        } => (
            ctx(),
            l(vec![
                index.to_string(),
                opt_name(buffer),
                buffer_offset.to_string(),
                string(format),
            ]),
        ),
        Call::SetProgramConstantsFromVector {
            program_type,
            first_register,
            data,
            num_registers,
        } => (
            ctx(),
            l(vec![
                string(program_type),
                first_register.to_string(),
                numbers(data),
                num_registers.to_string(),
            ]),
        ),
        Call::SetProgramConstantsFromMatrix {
            program_type,
            first_register,
            raw_data,
            transposed_matrix,
        } => (
            ctx(),
            l(vec![
                string(program_type),
                first_register.to_string(),
                numbers(raw_data),
                transposed_matrix.to_string(),
            ]),
        ),
        Call::SetProgramConstantsFromByteArray {
            program_type,
            first_register,
            num_registers,
            data,
            byte_array_offset,
        } => (
            ctx(),
            l(vec![
                string(program_type),
                first_register.to_string(),
                num_registers.to_string(),
                byte_array(data),
                byte_array_offset.to_string(),
            ]),
        ),
        Call::SetTextureAt { sampler, texture } => {
            (ctx(), l(vec![sampler.to_string(), opt_name(texture)]))
        }
        Call::SetSamplerStateAt {
            sampler,
            wrap,
            filter,
            mip_filter,
        } => (
            ctx(),
            l(vec![
                sampler.to_string(),
                string(wrap),
                string(filter),
                string(mip_filter),
            ]),
        ),
        Call::SetBlendFactors {
            source_factor,
            destination_factor,
        } => (
            ctx(),
            l(vec![string(source_factor), string(destination_factor)]),
        ),
        Call::SetColorMask {
            red,
            green,
            blue,
            alpha,
        } => (
            ctx(),
            l(vec![
                red.to_string(),
                green.to_string(),
                blue.to_string(),
                alpha.to_string(),
            ]),
        ),
        Call::SetCulling {
            triangle_face_to_cull,
        } => (ctx(), l(vec![string(triangle_face_to_cull)])),
        Call::SetDepthTest {
            depth_mask,
            pass_compare_mode,
        } => (
            ctx(),
            l(vec![depth_mask.to_string(), string(pass_compare_mode)]),
        ),
        Call::SetStencilActions {
            triangle_face,
            compare_mode,
            action_on_both_pass,
            action_on_depth_fail,
            action_on_depth_pass_stencil_fail,
        } => (
            ctx(),
            l(vec![
                string(triangle_face),
                string(compare_mode),
                string(action_on_both_pass),
                string(action_on_depth_fail),
                string(action_on_depth_pass_stencil_fail),
            ]),
        ),
        Call::SetStencilReferenceValue {
            reference_value,
            read_mask,
            write_mask,
        } => (
            ctx(),
            l(vec![
                reference_value.to_string(),
                read_mask.to_string(),
                write_mask.to_string(),
            ]),
        ),
        Call::SetScissorRectangle { rectangle } => (
            ctx(),
            l(vec![match rectangle {
                Some(r) => rect(r),
                None => "null".into(),
            }]),
        ),
        Call::SetRenderToTexture {
            texture,
            enable_depth_and_stencil,
            anti_alias,
            surface_selector,
            color_output_index,
        } => (
            ctx(),
            l(vec![
                opt_name(texture),
                enable_depth_and_stencil.to_string(),
                anti_alias.to_string(),
                surface_selector.to_string(),
                color_output_index.to_string(),
            ]),
        ),
        Call::SetFillMode { fill_mode } => (ctx(), l(vec![string(fill_mode)])),
        Call::DrawTriangles {
            index_buffer,
            first_index,
            num_triangles,
        } => (
            ctx(),
            l(vec![
                index_buffer.to_string(),
                first_index.to_string(),
                num_triangles.to_string(),
            ]),
        ),
        Call::DrawTrianglesInstanced {
            index_buffer,
            num_instances,
            first_index,
            num_triangles,
        } => (
            ctx(),
            l(vec![
                index_buffer.to_string(),
                num_instances.to_string(),
                first_index.to_string(),
                num_triangles.to_string(),
            ]),
        ),
        Call::DrawToBitmapData { destination } => (ctx(), l(vec![bitmap(destination)])),
        Call::DisposeContext { recreate } => (ctx(), l(vec![recreate.to_string()])),
        Call::SetEnableErrorChecking(b) => (ctx(), Args::Property(b.to_string())),
        Call::VertexBufferUploadFromVector {
            buffer,
            data,
            start_vertex,
            num_vertices,
        } => (
            buffer.to_string(),
            l(vec![
                numbers(data),
                start_vertex.to_string(),
                num_vertices.to_string(),
            ]),
        ),
        Call::VertexBufferUploadFromByteArray {
            buffer,
            data,
            byte_array_offset,
            start_vertex,
            num_vertices,
        } => (
            buffer.to_string(),
            l(vec![
                byte_array(data),
                byte_array_offset.to_string(),
                start_vertex.to_string(),
                num_vertices.to_string(),
            ]),
        ),
        Call::IndexBufferUploadFromVector {
            buffer,
            data,
            start_offset,
            count,
        } => (
            buffer.to_string(),
            l(vec![
                vector(data.iter().map(u32::to_string)),
                start_offset.to_string(),
                count.to_string(),
            ]),
        ),
        Call::IndexBufferUploadFromByteArray {
            buffer,
            data,
            byte_array_offset,
            start_offset,
            count,
        } => (
            buffer.to_string(),
            l(vec![
                byte_array(data),
                byte_array_offset.to_string(),
                start_offset.to_string(),
                count.to_string(),
            ]),
        ),
        Call::ProgramUpload {
            program,
            vertex_program,
            fragment_program,
        } => (
            program.to_string(),
            l(vec![
                byte_array(vertex_program),
                byte_array(fragment_program),
            ]),
        ),
        Call::TextureUploadFromBitmapData {
            texture,
            source,
            miplevel,
        }
        | Call::TextureUploadFromBitmapDataAsync {
            texture,
            source,
            miplevel,
        } => (
            texture.to_string(),
            l(vec![bitmap(source), miplevel.to_string()]),
        ),
        Call::TextureUploadFromByteArray {
            texture,
            data,
            byte_array_offset,
            miplevel,
        } => (
            texture.to_string(),
            l(vec![
                byte_array(data),
                byte_array_offset.to_string(),
                miplevel.to_string(),
            ]),
        ),
        Call::UploadCompressedTextureFromByteArray {
            texture,
            data,
            byte_array_offset,
            is_async,
        } => (
            texture.to_string(),
            l(vec![
                byte_array(data),
                byte_array_offset.to_string(),
                is_async.to_string(),
            ]),
        ),
        Call::CubeTextureUploadFromBitmapData {
            texture,
            source,
            side,
            miplevel,
        } => (
            texture.to_string(),
            l(vec![bitmap(source), side.to_string(), miplevel.to_string()]),
        ),
        Call::CubeTextureUploadFromByteArray {
            texture,
            data,
            byte_array_offset,
            side,
            miplevel,
        } => (
            texture.to_string(),
            l(vec![
                byte_array(data),
                byte_array_offset.to_string(),
                side.to_string(),
                miplevel.to_string(),
            ]),
        ),
        Call::RectangleTextureUploadFromBitmapData { texture, source } => {
            (texture.to_string(), l(vec![bitmap(source)]))
        }
        Call::RectangleTextureUploadFromByteArray {
            texture,
            data,
            byte_array_offset,
        } => (
            texture.to_string(),
            l(vec![byte_array(data), byte_array_offset.to_string()]),
        ),
        Call::VideoTextureAttachFrame { texture, frame } => {
            (texture.to_string(), l(vec![bitmap(frame)]))
        }
        Call::Dispose { resource } => (resource.to_string(), l(vec![])),
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

fn opt_name(name: &Option<Name>) -> String {
    match name {
        Some(n) => n.to_string(),
        None => "null".into(),
    }
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
