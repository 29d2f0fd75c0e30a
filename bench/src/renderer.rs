//! What the bench's scenarios are written over: the [`Renderer`] trait, the values it takes
//! and [`Scene`]. Molehill's shim (`shim.rs`) and the hand-written GL and wgpu baselines
//! (`raw.rs`, `raw_wgpu/`) each implement it, so that both sides draw the same frames from the
//! same data. Each scenario holds its data in the renderer's number type ([`Num`]); every
//! renderer takes AS3's `Number` (`f64`), as content hands it to a Flash player: the shim
//! passes it on, a baseline converts it to `f32` itself (see `raw.rs`), so the two sides run
//! the same scenario code on the same data.

/// A number as the renderer's API takes it.
pub trait Num: Copy + Default + std::fmt::Debug + 'static {
    /// `v` in this type.
    fn of(v: f32) -> Self;
}

impl Num for f32 {
    fn of(v: f32) -> Self {
        v
    }
}

impl Num for f64 {
    fn of(v: f32) -> Self {
        f64::from(v)
    }
}

/// Blend modes the scenarios use: (source, destination) factors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Blend {
    /// `one`, `zero`: no blending.
    Opaque,
    /// `one`, `oneMinusSourceAlpha` (Starling's premultiplied alpha).
    Premultiplied,
    /// `sourceAlpha`, `oneMinusSourceAlpha`.
    Alpha,
    /// `one`, `one`.
    Add,
}

/// Depth compare modes the scenarios use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Compare {
    /// `always`.
    Always,
    /// `less`.
    Less,
    /// `lessEqual`.
    LessEqual,
}

/// Culled faces (Flash's names: clockwise on screen is front).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cull {
    /// `none`.
    None,
    /// `back`.
    Back,
    /// `front`.
    Front,
}

/// One program: AGAL for Molehill, the same shaders hand-written in GLSL ES 3.00 for the GL
/// baseline (`vc`/`fc` arrays, attributes at locations 0.., samplers `fs0`..) and in WGSL for
/// the wgpu baseline (see [`crate::shaders`] for its bindings).
#[derive(Debug, Clone, Copy)]
pub struct Shader {
    /// AGAL vertex program.
    pub agal_vertex: &'static str,
    /// AGAL fragment program.
    pub agal_fragment: &'static str,
    /// GLSL vertex shader.
    pub glsl_vertex: &'static str,
    /// GLSL fragment shader.
    pub glsl_fragment: &'static str,
    /// WGSL vertex module (entry point `vs_main`).
    pub wgsl_vertex: &'static str,
    /// WGSL fragment module (entry point `fs_main`).
    pub wgsl_fragment: &'static str,
    /// Vertex constant registers the GLSL declares.
    pub vc: u32,
    /// Fragment constant registers the GLSL declares (0: none).
    pub fc: u32,
    /// Samplers used (`fs0`..).
    pub samplers: u32,
}

/// A texture's sampling, set on the texture by plain GL and by the AGAL `tex` flags in
/// Molehill (the two must agree).
#[derive(Debug, Clone, Copy)]
pub struct Sampling {
    /// Linear filter (else nearest).
    pub linear: bool,
    /// Repeat wrap (else clamp).
    pub repeat: bool,
}

/// A float attribute: `va<slot>` reads `size` floats from word `offset` of each vertex.
#[derive(Debug, Clone, Copy)]
pub struct Attribute {
    /// Words from the start of the vertex.
    pub offset: u32,
    /// Floats, 1..=4.
    pub size: u32,
}

/// What a scenario draws with. Errors are messages (a Flash error, a driver log).
pub trait Renderer {
    /// The number type of vertex data and constants.
    type Num: Num;
    /// A linked program.
    type Program: Copy;
    /// A 2D texture.
    type Texture: Copy;
    /// A vertex buffer.
    type Vertices: Copy;
    /// A vertex buffer's attributes with an index buffer.
    type Mesh: Copy;

    /// Called before the scenario is built and before each round of frames (untimed): what
    /// the side needs once, such as making its context current.
    fn begin_round(&mut self) -> Result<(), String> {
        Ok(())
    }

    /// Uploads a program.
    fn program(&mut self, shader: &Shader) -> Result<Self::Program, String>;
    /// A `side` x `side` bgra texture.
    fn texture(&mut self, side: u32, sampling: Sampling) -> Result<Self::Texture, String>;
    /// Uploads level 0 from bytes in Flash's bgra order (`uploadFromByteArray`).
    fn upload_texture(&mut self, texture: Self::Texture, bgra: &[u8]) -> Result<(), String>;
    /// A vertex buffer of `count` vertices of `per_vertex` words.
    fn vertices(
        &mut self,
        count: u32,
        per_vertex: u32,
        dynamic: bool,
    ) -> Result<Self::Vertices, String>;
    /// Uploads all of a vertex buffer.
    fn upload_vertices(&mut self, v: Self::Vertices, data: &[Self::Num]) -> Result<(), String>;
    /// Attributes `va0..` of `v` with `indices`.
    fn mesh(
        &mut self,
        v: Self::Vertices,
        attributes: &[Attribute],
        indices: &[u16],
    ) -> Result<Self::Mesh, String>;
    /// Clears colour, depth (1) and stencil (0).
    fn clear(&mut self, rgba: [f32; 4]) -> Result<(), String>;
    /// `setBlendFactors`.
    fn blend(&mut self, blend: Blend) -> Result<(), String>;
    /// `setDepthTest`.
    fn depth(&mut self, write: bool, compare: Compare) -> Result<(), String>;
    /// `setCulling`.
    fn cull(&mut self, cull: Cull) -> Result<(), String>;
    /// `setScissorRectangle` (x, y, width, height in pixels from the top left).
    fn scissor(&mut self, rect: Option<[i32; 4]>) -> Result<(), String>;
    /// `setColorMask`.
    fn color_mask(&mut self, mask: [bool; 4]) -> Result<(), String>;
    /// `setProgram`.
    fn use_program(&mut self, p: Self::Program) -> Result<(), String>;
    /// `setVertexBufferAt` for the mesh's attributes (earlier ones it does not use unset).
    fn use_mesh(&mut self, m: Self::Mesh) -> Result<(), String>;
    /// `setTextureAt`.
    fn texture_at(&mut self, sampler: u32, t: Option<Self::Texture>) -> Result<(), String>;
    /// `setProgramConstantsFromVector("vertex", first, data)` (whole registers). The
    /// scenarios set every constant a draw reads after its `use_program`.
    fn vertex_constants(&mut self, first: u32, data: &[Self::Num]) -> Result<(), String>;
    /// The same for `"fragment"`.
    fn fragment_constants(&mut self, first: u32, data: &[Self::Num]) -> Result<(), String>;
    /// `drawTriangles` of the current mesh.
    fn draw(&mut self, first_index: u32, triangles: u32) -> Result<(), String>;
    /// `present`.
    fn present(&mut self) -> Result<(), String>;
    /// Time spent in [`Renderer::present`] since the last call (zero where the side does not
    /// keep it).
    fn take_present_time(&mut self) -> std::time::Duration {
        std::time::Duration::ZERO
    }
    /// The back buffer, unpremultiplied `0xAARRGGBB` (as `Context3D::capture_back_buffer`
    /// gives it), top row first; also waits for the GPU.
    fn picture(&mut self) -> Result<Vec<u32>, String>;
}

/// The back buffer's side in pixels.
pub const SIDE: u32 = 512;

/// One scenario, set up on one renderer.
pub trait Scene<R: Renderer> {
    /// Draw calls per frame.
    fn draws(&self) -> usize;
    /// Bytes uploaded to textures per frame.
    fn texture_bytes(&self) -> usize {
        0
    }
    /// Draws frame `n`, `present` included.
    fn frame(&mut self, r: &mut R, n: u32) -> Result<(), String>;
}
