package
{
	import away3d.core.managers.Stage3DManager;
	import away3d.core.managers.Stage3DProxy;
	import away3d.events.Stage3DEvent;

	import com.adobe.utils.AGALMiniAssembler;

	import flash.display.BitmapData;
	import flash.display.Sprite;
	import flash.display.StageAlign;
	import flash.display.StageScaleMode;
	import flash.display3D.Context3D;
	import flash.display3D.Context3DBlendFactor;
	import flash.display3D.Context3DCompareMode;
	import flash.display3D.Context3DProgramType;
	import flash.display3D.Context3DTextureFormat;
	import flash.display3D.Context3DTriangleFace;
	import flash.display3D.Context3DVertexBufferFormat;
	import flash.display3D.IndexBuffer3D;
	import flash.display3D.Program3D;
	import flash.display3D.VertexBuffer3D;
	import flash.display3D.textures.CubeTexture;
	import flash.display3D.textures.Texture;
	import flash.events.Event;
	import flash.geom.Matrix;
	import flash.geom.Matrix3D;
	import flash.geom.Rectangle;
	import flash.geom.Vector3D;

	/**
	 * A scene drawn through Away3D 4's Stage3D layer (issue 23): Away3D's Stage3DManager and
	 * Stage3DProxy request the context (CONTEXT3D_CREATED via Stage3DEvent), configure the back
	 * buffer, clear, switch render targets and present; Adobe's AGALMiniAssembler (as Away3D
	 * ships it) assembles every program. The scene code is ours and does what Away3D's renderer
	 * does for such a scene: a depth map rendered to a texture from the directional light (RGBA
	 * depth encoding as Away3D's DepthMapPass), a sky box on a cube texture, a floor and a cube
	 * with mip-mapped bitmap textures, a sphere in a plain colour, a directional light with a
	 * hard shadow and a point light with fall-off, per-frame rotation. Deterministic: angles
	 * come from the frame count, no random numbers, no clock.
	 */
	[SWF(width = "320", height = "240", frameRate = "30", backgroundColor = "#000000")]
	public class CoreDemo extends Sprite
	{
		private static const SHADOW_SIZE:int = 512;
		private static const LOG_FRAMES:Vector.<int> = Vector.<int>([1, 2, 20, 40, 60]);

		private var proxy:Stage3DProxy;
		private var context:Context3D;
		private var frame:int = 0;
		private var drawsThisFrame:int = 0;

		private var litProgram:Program3D;
		private var colorProgram:Program3D;
		private var depthProgram:Program3D;
		private var skyProgram:Program3D;

		private var cube:MeshData;
		private var sphere:MeshData;
		private var floor:MeshData;
		private var skyBox:MeshData;

		private var checkerTexture:Texture;
		private var floorTexture:Texture;
		private var shadowMap:Texture;
		private var skyTexture:CubeTexture;

		private var projection:Matrix3D;
		private var view:Matrix3D;
		private var lightViewProjection:Matrix3D;

		public function CoreDemo()
		{
			if (stage)
				init();
			else
				addEventListener(Event.ADDED_TO_STAGE, init);
		}

		private function init(event:Event = null):void
		{
			removeEventListener(Event.ADDED_TO_STAGE, init);
			stage.scaleMode = StageScaleMode.NO_SCALE;
			stage.align = StageAlign.TOP_LEFT;
			proxy = Stage3DManager.getInstance(stage).getFreeStage3DProxy(false, "baseline");
			proxy.color = 0xff203040;
			proxy.addEventListener(Stage3DEvent.CONTEXT3D_CREATED, onContextCreated);
			trace("away3d: Stage3DProxy " + proxy.stage3DIndex + " requested a context (profile " + proxy.profile + ")");
			addEventListener(Event.ENTER_FRAME, onFrame);
		}

		private function onContextCreated(event:Stage3DEvent):void
		{
			context = proxy.context3D;
			trace("away3d: CONTEXT3D_CREATED, driverInfo is a String: " + (context.driverInfo is String));
			proxy.configureBackBuffer(320, 240, 0);

			litProgram = program(LIT_VERTEX, LIT_FRAGMENT_TEXTURED, "lit textured");
			colorProgram = program(LIT_VERTEX, LIT_FRAGMENT_COLOUR, "lit colour");
			depthProgram = program(DEPTH_VERTEX, DEPTH_FRAGMENT, "depth map");
			skyProgram = program(SKY_VERTEX, SKY_FRAGMENT, "sky box");

			cube = MeshData.cube(context, 120);
			sphere = MeshData.sphere(context, 70, 24, 16);
			floor = MeshData.plane(context, 800, 4);
			skyBox = MeshData.cube(context, 2000);
			trace("away3d: buffers uploaded, triangles " + (cube.triangles + sphere.triangles + floor.triangles + skyBox.triangles));

			checkerTexture = mipmapped(checker(128, 16, 0x2060ff, 0xffd020));
			floorTexture = mipmapped(checker(256, 32, 0xd0d0d0, 0x606060));
			shadowMap = context.createTexture(SHADOW_SIZE, SHADOW_SIZE, Context3DTextureFormat.BGRA, true);
			skyTexture = context.createCubeTexture(64, Context3DTextureFormat.BGRA, false);
			var faces:Array = [0x4080c0, 0x4080c0, 0x80b0e0, 0x304050, 0x5090d0, 0x5090d0];
			for (var side:int = 0; side < 6; side++)
				skyTexture.uploadFromBitmapData(solid(64, faces[side]), side, 0);
			trace("away3d: textures uploaded (mip maps, render target " + SHADOW_SIZE + ", cube map)");

			projection = perspective(60, 320 / 240, 10, 5000);
			view = lookAt(new Vector3D(0, 260, -520), new Vector3D(0, 40, 0));
			var lightView:Matrix3D = lookAt(new Vector3D(300, 600, -300), new Vector3D(0, 0, 0));
			lightViewProjection = lightView.clone();
			lightViewProjection.append(perspective(60, 1, 100, 2000));
		}

		private function onFrame(event:Event):void
		{
			if (!context)
				return;
			frame++;
			drawsThisFrame = 0;

			var cubeModel:Matrix3D = new Matrix3D();
			cubeModel.appendRotation(frame * 1.5, Vector3D.X_AXIS);
			cubeModel.appendRotation(frame * 3, Vector3D.Y_AXIS);
			cubeModel.appendTranslation(-130, 80, 0);
			var sphereModel:Matrix3D = new Matrix3D();
			sphereModel.appendRotation(-frame * 2, Vector3D.Y_AXIS);
			sphereModel.appendTranslation(140, 80 + 30 * Math.sin(frame * 0.1), 0);
			var floorModel:Matrix3D = new Matrix3D();

			// 1. the depth map, from the light, into the render target (Away3D's shadow mapper)
			proxy.setRenderTarget(shadowMap, true);
			context.clear(1, 1, 1, 1);
			context.setDepthTest(true, Context3DCompareMode.LESS);
			context.setCulling(Context3DTriangleFace.NONE);
			context.setBlendFactors(Context3DBlendFactor.ONE, Context3DBlendFactor.ZERO);
			context.setProgram(depthProgram);
			context.setProgramConstantsFromVector(Context3DProgramType.FRAGMENT, 0, Vector.<Number>([1, 255, 65025, 16581375, 1 / 255, 1 / 255, 1 / 255, 0]));
			drawDepth(cube, cubeModel);
			drawDepth(sphere, sphereModel);
			drawDepth(floor, floorModel);

			// 2. the back buffer: clear through the proxy, sky box, then the lit meshes
			proxy.setRenderTarget(null);
			proxy.clear();
			context.setProgram(skyProgram);
			context.setDepthTest(false, Context3DCompareMode.ALWAYS);
			var skyMatrix:Matrix3D = view.clone();
			skyMatrix.appendTranslation(-skyMatrix.rawData[12], -skyMatrix.rawData[13], -skyMatrix.rawData[14]);
			skyMatrix.append(projection);
			context.setProgramConstantsFromMatrix(Context3DProgramType.VERTEX, 0, skyMatrix, true);
			context.setTextureAt(0, skyTexture);
			bind(skyBox, false);
			context.drawTriangles(skyBox.indices);
			drawsThisFrame++;
			context.setTextureAt(0, null);

			context.setDepthTest(true, Context3DCompareMode.LESS_EQUAL);
			var lightDir:Vector3D = new Vector3D(300, 600, -300);
			lightDir.normalize();
			context.setProgramConstantsFromVector(Context3DProgramType.FRAGMENT, 0, Vector.<Number>([
				lightDir.x, lightDir.y, lightDir.z, 0,
				0.85, 0.85, 0.8, 0.25,                 // sun colour x diffuse, ambient
				150, 120, -100, 1 / 450,               // point light position, 1 / fall-off
				0.9, 0.5, 0.25, 0,                     // point light colour
				0.5, -0.5, 0, 1,                       // clip space to texture space
				1, 1 / 255, 1 / 65025, 1 / 16581375,   // depth decoding
				0.004, 0, 0, 0,                        // depth bias
				0.88, 0.19, 0.19, 1]));                // sphere colour
			context.setTextureAt(1, shadowMap);
			context.setProgram(litProgram);
			context.setTextureAt(0, floorTexture);
			drawLit(floor, floorModel);
			context.setTextureAt(0, checkerTexture);
			drawLit(cube, cubeModel);
			context.setTextureAt(0, null);
			context.setProgram(colorProgram);
			drawLit(sphere, sphereModel);
			context.setTextureAt(1, null);

			proxy.present();
			if (LOG_FRAMES.indexOf(frame) >= 0)
				trace("away3d: frame " + frame + " presented, " + drawsThisFrame + " draws");
		}

		private function drawDepth(mesh:MeshData, model:Matrix3D):void
		{
			var m:Matrix3D = model.clone();
			m.append(lightViewProjection);
			context.setProgramConstantsFromMatrix(Context3DProgramType.VERTEX, 0, m, true);
			bind(mesh, false);
			context.drawTriangles(mesh.indices);
			drawsThisFrame++;
		}

		private function drawLit(mesh:MeshData, model:Matrix3D):void
		{
			var mvp:Matrix3D = model.clone();
			mvp.append(view);
			mvp.append(projection);
			var light:Matrix3D = model.clone();
			light.append(lightViewProjection);
			context.setProgramConstantsFromMatrix(Context3DProgramType.VERTEX, 0, mvp, true);
			context.setProgramConstantsFromMatrix(Context3DProgramType.VERTEX, 4, model, true);
			context.setProgramConstantsFromMatrix(Context3DProgramType.VERTEX, 8, light, true);
			context.setProgramConstantsFromVector(Context3DProgramType.VERTEX, 12, Vector.<Number>([0, 0, 0, 1]));
			bind(mesh, true);
			context.drawTriangles(mesh.indices);
			drawsThisFrame++;
		}

		private function bind(mesh:MeshData, all:Boolean):void
		{
			context.setVertexBufferAt(0, mesh.vertices, 0, Context3DVertexBufferFormat.FLOAT_3);
			context.setVertexBufferAt(1, all ? mesh.vertices : null, 3, Context3DVertexBufferFormat.FLOAT_3);
			context.setVertexBufferAt(2, all ? mesh.vertices : null, 6, Context3DVertexBufferFormat.FLOAT_2);
		}

		private function program(vertex:String, fragment:String, name:String):Program3D
		{
			var assembler:AGALMiniAssembler = new AGALMiniAssembler();
			var v:* = assembler.assemble(Context3DProgramType.VERTEX, vertex);
			var f:* = assembler.assemble(Context3DProgramType.FRAGMENT, fragment);
			var p:Program3D = context.createProgram();
			p.upload(v, f);
			trace("away3d: program '" + name + "' assembled, " + v.length + " + " + f.length + " bytes");
			return p;
		}

		/** A texture with its whole mip chain, halved with smoothing as Away3D's MipmapGenerator does. */
		private function mipmapped(bmp:BitmapData):Texture
		{
			var texture:Texture = context.createTexture(bmp.width, bmp.height, Context3DTextureFormat.BGRA, false);
			var level:int = 0;
			var current:BitmapData = bmp;
			while (true) {
				texture.uploadFromBitmapData(current, level);
				if (current.width == 1 && current.height == 1)
					break;
				var next:BitmapData = new BitmapData(Math.max(1, current.width >> 1), Math.max(1, current.height >> 1), true, 0);
				var m:Matrix = new Matrix(next.width / current.width, 0, 0, next.height / current.height);
				next.draw(current, m, null, null, null, true);
				current = next;
				level++;
			}
			return texture;
		}

		private static function perspective(fovDegrees:Number, aspect:Number, near:Number, far:Number):Matrix3D
		{
			var yScale:Number = 1 / Math.tan(fovDegrees * Math.PI / 360);
			var xScale:Number = yScale / aspect;
			return new Matrix3D(Vector.<Number>([
				xScale, 0, 0, 0,
				0, yScale, 0, 0,
				0, 0, far / (far - near), 1,
				0, 0, -near * far / (far - near), 0]));
		}

		/** A left-handed view matrix (+z into the screen, as Away3D's cameras). */
		private static function lookAt(eye:Vector3D, target:Vector3D):Matrix3D
		{
			var z:Vector3D = target.subtract(eye);
			z.normalize();
			var x:Vector3D = Vector3D.Y_AXIS.crossProduct(z);
			x.normalize();
			var y:Vector3D = z.crossProduct(x);
			return new Matrix3D(Vector.<Number>([
				x.x, y.x, z.x, 0,
				x.y, y.y, z.y, 0,
				x.z, y.z, z.z, 0,
				-x.dotProduct(eye), -y.dotProduct(eye), -z.dotProduct(eye), 1]));
		}

		private static function checker(size:int, cell:int, a:uint, b:uint):BitmapData
		{
			var bmp:BitmapData = new BitmapData(size, size, false, a);
			var r:Rectangle = new Rectangle(0, 0, cell, cell);
			for (var y:int = 0; y < size; y += cell) {
				for (var x:int = 0; x < size; x += cell) {
					if (((x / cell) + (y / cell)) % 2 == 1) {
						r.x = x;
						r.y = y;
						bmp.fillRect(r, b);
					}
				}
			}
			return bmp;
		}

		private static function solid(size:int, color:uint):BitmapData
		{
			var bmp:BitmapData = new BitmapData(size, size, false, color);
			bmp.fillRect(new Rectangle(0, 0, size, size / 8), color ^ 0x202020);
			return bmp;
		}

		// vc0-3 model-view-projection, vc4-7 model, vc8-11 light view-projection, vc12 (0, 0, 0, 1)
		private static const LIT_VERTEX:String =
			"m44 op, va0, vc0\n" +
			"m44 vt0, va0, vc4\n" +
			"mov v0, vt0\n" +
			"m33 vt1.xyz, va1, vc4\n" +
			"mov vt1.w, vc12.w\n" +
			"mov v1, vt1\n" +
			"mov v2, va2\n" +
			"m44 vt2, va0, vc8\n" +
			"mov v3, vt2\n";

		// The shared lighting: ft6 = ambient + sun * shadow + point light. fc as in onFrame.
		private static const LIGHTING:String =
			"nrm ft0.xyz, v1\n" +
			"dp3 ft1.x, ft0.xyz, fc0.xyz\n" +
			"sat ft1.x, ft1.x\n" +
			"div ft2, v3, v3.w\n" +
			"mov ft3, fc4\n" +
			"mul ft3.xy, ft2.xy, fc4.xy\n" +
			"add ft3.xy, ft3.xy, fc4.xx\n" +
			"tex ft4, ft3, fs1 <2d,nearest,clamp,mipnone>\n" +
			"dp4 ft5.x, ft4, fc5\n" +
			"sub ft5.y, ft2.z, fc6.x\n" +
			"slt ft5.z, ft5.y, ft5.x\n" +
			"mul ft1.x, ft1.x, ft5.z\n" +
			"mul ft6.xyz, fc1.xyz, ft1.xxx\n" +
			"add ft6.xyz, ft6.xyz, fc1.www\n" +
			"sub ft7.xyz, fc2.xyz, v0.xyz\n" +
			"dp3 ft7.w, ft7.xyz, ft7.xyz\n" +
			"sqt ft7.w, ft7.w\n" +
			"div ft7.xyz, ft7.xyz, ft7.www\n" +
			"dp3 ft1.y, ft0.xyz, ft7.xyz\n" +
			"sat ft1.y, ft1.y\n" +
			"mul ft1.z, ft7.w, fc2.w\n" +
			"sub ft1.z, fc4.w, ft1.z\n" +
			"sat ft1.z, ft1.z\n" +
			"mul ft1.y, ft1.y, ft1.z\n" +
			"mul ft7.xyz, fc3.xyz, ft1.yyy\n" +
			"add ft6.xyz, ft6.xyz, ft7.xyz\n";

		private static const LIT_FRAGMENT_TEXTURED:String = LIGHTING +
			"tex ft4, v2, fs0 <2d,linear,miplinear,repeat>\n" +
			"mul ft4.xyz, ft4.xyz, ft6.xyz\n" +
			"mov oc, ft4\n";

		private static const LIT_FRAGMENT_COLOUR:String = LIGHTING +
			"mov ft4, fc7\n" +
			"mul ft4.xyz, ft4.xyz, ft6.xyz\n" +
			"mov oc, ft4\n";

		// Depth into RGBA, as Away3D's DepthMapPass: fc0 (1, 255, 255^2, 255^3), fc1 (1/255, 1/255, 1/255, 0)
		private static const DEPTH_VERTEX:String =
			"m44 vt0, va0, vc0\n" +
			"mov op, vt0\n" +
			"mov v0, vt0\n";

		private static const DEPTH_FRAGMENT:String =
			"rcp ft1.x, v0.w\n" +
			"mul ft0.x, v0.z, ft1.x\n" +
			"mul ft0, fc0, ft0.xxxx\n" +
			"frc ft0, ft0\n" +
			"mul ft1, ft0.yzww, fc1\n" +
			"sub ft0, ft0, ft1\n" +
			"mov oc, ft0\n";

		private static const SKY_VERTEX:String =
			"m44 vt0, va0, vc0\n" +
			"mov op, vt0\n" +
			"mov v0, va0\n";

		private static const SKY_FRAGMENT:String =
			"tex ft0, v0, fs0 <cube,linear,clamp,mipnone>\n" +
			"mov oc, ft0\n";
	}
}

import flash.display3D.Context3D;
import flash.display3D.IndexBuffer3D;
import flash.display3D.VertexBuffer3D;

/** Interleaved position (3), normal (3), uv (2) and 16-bit indices, as Away3D's CompactSubGeometry. */
class MeshData
{
	public var vertices:VertexBuffer3D;
	public var indices:IndexBuffer3D;
	public var triangles:int;

	public function MeshData(context:Context3D, data:Vector.<Number>, index:Vector.<uint>)
	{
		vertices = context.createVertexBuffer(data.length / 8, 8);
		vertices.uploadFromVector(data, 0, data.length / 8);
		indices = context.createIndexBuffer(index.length);
		indices.uploadFromVector(index, 0, index.length);
		triangles = index.length / 3;
	}

	public static function cube(context:Context3D, size:Number):MeshData
	{
		var h:Number = size / 2;
		// each face: normal, then two axes spanning it
		var faces:Array = [
			[0, 0, -1, 1, 0, 0, 0, 1, 0], [0, 0, 1, -1, 0, 0, 0, 1, 0],
			[-1, 0, 0, 0, 0, -1, 0, 1, 0], [1, 0, 0, 0, 0, 1, 0, 1, 0],
			[0, 1, 0, 1, 0, 0, 0, 0, 1], [0, -1, 0, 1, 0, 0, 0, 0, -1]];
		var data:Vector.<Number> = new Vector.<Number>();
		var index:Vector.<uint> = new Vector.<uint>();
		for (var f:int = 0; f < 6; f++) {
			var n:Array = faces[f];
			var base:uint = f * 4;
			for (var c:int = 0; c < 4; c++) {
				var u:Number = (c == 1 || c == 2) ? 1 : -1;
				var v:Number = (c >= 2) ? 1 : -1;
				data.push(
					h * (n[0] + u * n[3] + v * n[6]), h * (n[1] + u * n[4] + v * n[7]), h * (n[2] + u * n[5] + v * n[8]),
					n[0], n[1], n[2], (u + 1) / 2, (1 - v) / 2);
			}
			index.push(base, base + 1, base + 2, base, base + 2, base + 3);
		}
		return new MeshData(context, data, index);
	}

	public static function sphere(context:Context3D, radius:Number, segmentsW:int, segmentsH:int):MeshData
	{
		var data:Vector.<Number> = new Vector.<Number>();
		var index:Vector.<uint> = new Vector.<uint>();
		for (var j:int = 0; j <= segmentsH; j++) {
			var theta:Number = Math.PI * j / segmentsH;
			for (var i:int = 0; i <= segmentsW; i++) {
				var phi:Number = 2 * Math.PI * i / segmentsW;
				var nx:Number = Math.sin(theta) * Math.cos(phi);
				var ny:Number = -Math.cos(theta);
				var nz:Number = Math.sin(theta) * Math.sin(phi);
				data.push(radius * nx, radius * ny, radius * nz, nx, ny, nz, i / segmentsW, 1 - j / segmentsH);
				if (i < segmentsW && j < segmentsH) {
					var a:uint = j * (segmentsW + 1) + i;
					var b:uint = a + segmentsW + 1;
					index.push(a, b, a + 1, b, b + 1, a + 1);
				}
			}
		}
		return new MeshData(context, data, index);
	}

	public static function plane(context:Context3D, size:Number, segments:int):MeshData
	{
		var data:Vector.<Number> = new Vector.<Number>();
		var index:Vector.<uint> = new Vector.<uint>();
		for (var j:int = 0; j <= segments; j++) {
			for (var i:int = 0; i <= segments; i++) {
				data.push(size * (i / segments - 0.5), 0, size * (j / segments - 0.5), 0, 1, 0, i * 2, j * 2);
				if (i < segments && j < segments) {
					var a:uint = j * (segments + 1) + i;
					var b:uint = a + segments + 1;
					index.push(a, b, a + 1, b, b + 1, a + 1);
				}
			}
		}
		return new MeshData(context, data, index);
	}
}
