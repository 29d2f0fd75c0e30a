package
{
	import away3d.core.managers.Stage3DManager;
	import away3d.core.managers.Stage3DProxy;
	import away3d.events.Stage3DEvent;

	import com.adobe.utils.AGALMiniAssembler;

	import flash.display.Sprite;
	import flash.display3D.Context3D;
	import flash.display3D.Context3DBlendFactor;
	import flash.display3D.Context3DCompareMode;
	import flash.display3D.Context3DProgramType;
	import flash.display3D.Context3DTriangleFace;
	import flash.display3D.Context3DVertexBufferFormat;
	import flash.display3D.IndexBuffer3D;
	import flash.display3D.Program3D;
	import flash.display3D.VertexBuffer3D;
	import flash.events.Event;
	import flash.geom.Matrix3D;
	import flash.geom.Vector3D;
	import flash.utils.ByteArray;

	/**
	 * The AGAL that Away3D's animators and alpha-masked materials emit, assembled by Away3D's
	 * AGALMiniAssembler and drawn through its Stage3DProxy: relative addressing of vertex
	 * constants (`m34 vt0.xyz, va0, vc[va1.x+8]`, as SkeletonAnimationSet's skinning and the
	 * particle animators), `kil` (alpha threshold), `sge`, `frc`, and alpha blending. Four cubes in
	 * one vertex buffer and one draw, each picking its own transform through its vertices' index
	 * attribute; in front, a quad cut into a checker by `kil`, blended at 70 %. No textures and
	 * no mip maps, so Ruffle's own Stage3D and Molehill should draw the same picture.
	 */
	[SWF(width = "320", height = "240", frameRate = "30", backgroundColor = "#000000")]
	public class AgalFeatures extends Sprite
	{
		private var proxy:Stage3DProxy;
		private var context:Context3D;
		private var frame:int = 0;
		private var cubes:Program3D;
		private var cutout:Program3D;
		private var cubeVertices:VertexBuffer3D;
		private var cubeIndices:IndexBuffer3D;
		private var quadVertices:VertexBuffer3D;
		private var quadIndices:IndexBuffer3D;

		public function AgalFeatures()
		{
			proxy = Stage3DManager.getInstance(stage).getFreeStage3DProxy(false, "baseline");
			proxy.color = 0xff302028;
			proxy.addEventListener(Stage3DEvent.CONTEXT3D_CREATED, onContextCreated);
			addEventListener(Event.ENTER_FRAME, onFrame);
		}

		private function onContextCreated(event:Stage3DEvent):void
		{
			context = proxy.context3D;
			proxy.configureBackBuffer(320, 240, 0);
			// vc0-3 view-projection, vc4 (0, 0, 0, 1), vc8.. one 3-register transform per cube
			cubes = program("cubes (relative addressing)",
				"m34 vt0.xyz, va0, vc[va1.x+8]\n" +
				"mov vt0.w, vc4.w\n" +
				"m44 op, vt0, vc0\n" +
				"mov v0, va2\n",
				"mov oc, v0\n");
			// fc0 (8 cells, 0.5, 0, 0), fc1 colour with alpha
			cutout = program("cutout (kil, sge, frc)",
				"m44 op, va0, vc0\n" +
				"mov v0, va1\n",
				"mul ft0, v0, fc0.xxxx\n" +
				"frc ft0, ft0\n" +
				"sub ft1, ft0, fc0.yyyy\n" +
				"mul ft2.x, ft1.x, ft1.y\n" +
				"kil ft2.x\n" +
				"sge ft3, ft0, fc0.yyyy\n" +
				"mov ft4, fc1\n" +
				"mul ft4.y, ft4.y, ft3.x\n" +
				"mov oc, ft4\n");

			var data:Vector.<Number> = new Vector.<Number>();
			var index:Vector.<uint> = new Vector.<uint>();
			var colours:Array = [[1, 0.3, 0.2], [0.2, 0.9, 0.3], [0.2, 0.4, 1], [1, 0.9, 0.2]];
			for (var c:int = 0; c < 4; c++) {
				for (var v:int = 0; v < 8; v++) {
					var shade:Number = 0.55 + 0.15 * (v % 4);
					data.push((v & 1) ? 30 : -30, (v & 2) ? 30 : -30, (v & 4) ? 30 : -30,
						c * 3, colours[c][0] * shade, colours[c][1] * shade, colours[c][2] * shade);
				}
				for each (var i:uint in [0, 1, 3, 0, 3, 2, 4, 6, 7, 4, 7, 5, 0, 4, 5, 0, 5, 1, 2, 3, 7, 2, 7, 6, 0, 2, 6, 0, 6, 4, 1, 5, 7, 1, 7, 3])
					index.push(c * 8 + i);
			}
			cubeVertices = context.createVertexBuffer(32, 7);
			cubeVertices.uploadFromVector(data, 0, 32);
			cubeIndices = context.createIndexBuffer(index.length);
			cubeIndices.uploadFromVector(index, 0, index.length);

			var quad:ByteArray = new ByteArray();
			quad.endian = "littleEndian";
			for each (var q:Number in [-90, -70, -40, 0, 0, 90, -70, -40, 1, 0, 90, 70, -40, 1, 1, -90, 70, -40, 0, 1])
				quad.writeFloat(q);
			quadVertices = context.createVertexBuffer(4, 5);
			quadVertices.uploadFromByteArray(quad, 0, 0, 4);
			quadIndices = context.createIndexBuffer(6);
			quadIndices.uploadFromVector(Vector.<uint>([0, 1, 2, 0, 2, 3]), 0, 6);
			trace("away3d features: buffers uploaded (vertex data from a Vector and a ByteArray)");
		}

		private function onFrame(event:Event):void
		{
			if (!context)
				return;
			frame++;
			var viewProjection:Matrix3D = new Matrix3D();
			viewProjection.appendTranslation(0, 0, 300);
			var f:Number = 1 / Math.tan(Math.PI / 6);
			viewProjection.append(new Matrix3D(Vector.<Number>([f * 240 / 320, 0, 0, 0, 0, f, 0, 0, 0, 0, 1000 / 990, 1, 0, 0, -10000 / 990, 0])));

			proxy.clear();
			context.setDepthTest(true, Context3DCompareMode.LESS);
			context.setCulling(Context3DTriangleFace.NONE);
			context.setBlendFactors(Context3DBlendFactor.ONE, Context3DBlendFactor.ZERO);
			context.setProgram(cubes);
			context.setProgramConstantsFromMatrix(Context3DProgramType.VERTEX, 0, viewProjection, true);
			context.setProgramConstantsFromVector(Context3DProgramType.VERTEX, 4, Vector.<Number>([0, 0, 0, 1]));
			for (var c:int = 0; c < 4; c++) {
				var m:Matrix3D = new Matrix3D();
				m.appendRotation(frame * (3 + c), c % 2 ? Vector3D.X_AXIS : Vector3D.Y_AXIS);
				m.appendRotation(25, Vector3D.Z_AXIS);
				m.appendTranslation(-105 + c * 70, (c % 2) * 30 - 15, 40);
				var raw:Vector.<Number> = new Vector.<Number>();
				m.copyRawDataTo(raw, 0, true);
				context.setProgramConstantsFromVector(Context3DProgramType.VERTEX, 8 + c * 3, raw, 3);
			}
			context.setVertexBufferAt(0, cubeVertices, 0, Context3DVertexBufferFormat.FLOAT_3);
			context.setVertexBufferAt(1, cubeVertices, 3, Context3DVertexBufferFormat.FLOAT_1);
			context.setVertexBufferAt(2, cubeVertices, 4, Context3DVertexBufferFormat.FLOAT_3);
			context.drawTriangles(cubeIndices);

			context.setProgram(cutout);
			context.setBlendFactors(Context3DBlendFactor.SOURCE_ALPHA, Context3DBlendFactor.ONE_MINUS_SOURCE_ALPHA);
			context.setProgramConstantsFromVector(Context3DProgramType.FRAGMENT, 0, Vector.<Number>([8, 0.5, 0, 0, 0.9, 0.8, 0.95, 0.7]));
			context.setVertexBufferAt(0, quadVertices, 0, Context3DVertexBufferFormat.FLOAT_3);
			context.setVertexBufferAt(1, quadVertices, 3, Context3DVertexBufferFormat.FLOAT_2);
			context.setVertexBufferAt(2, null);
			context.drawTriangles(quadIndices);
			proxy.present();
			if (frame == 1 || frame % 10 == 0)
				trace("away3d features: frame " + frame + " presented");
		}

		private function program(name:String, vertex:String, fragment:String):Program3D
		{
			var assembler:AGALMiniAssembler = new AGALMiniAssembler();
			var v:ByteArray = assembler.assemble(Context3DProgramType.VERTEX, vertex);
			var f:ByteArray = assembler.assemble(Context3DProgramType.FRAGMENT, fragment);
			var p:Program3D = context.createProgram();
			p.upload(v, f);
			trace("away3d features: program " + name + " assembled, " + v.length + " + " + f.length + " bytes");
			return p;
		}
	}
}
