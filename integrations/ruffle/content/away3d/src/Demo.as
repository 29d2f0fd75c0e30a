package
{
	import away3d.cameras.lenses.PerspectiveLens;
	import away3d.containers.View3D;
	import away3d.entities.Mesh;
	import away3d.events.Stage3DEvent;
	import away3d.lights.DirectionalLight;
	import away3d.lights.PointLight;
	import away3d.materials.ColorMaterial;
	import away3d.materials.TextureMaterial;
	import away3d.materials.lightpickers.StaticLightPicker;
	import away3d.materials.methods.HardShadowMapMethod;
	import away3d.primitives.CubeGeometry;
	import away3d.primitives.PlaneGeometry;
	import away3d.primitives.SkyBox;
	import away3d.primitives.SphereGeometry;
	import away3d.textures.BitmapCubeTexture;
	import away3d.textures.BitmapTexture;

	import flash.display.BitmapData;
	import flash.display.Sprite;
	import flash.display.StageAlign;
	import flash.display.StageScaleMode;
	import flash.events.Event;
	import flash.geom.Rectangle;
	import flash.geom.Vector3D;

	/**
	 * An Away3D 4 scene for Molehill's Ruffle integration (issue 23): View3D with its own
	 * Stage3DProxy and context request, a camera, cube / sphere / plane meshes with colour and
	 * bitmap-texture materials (mip maps), a directional light with a hard shadow map (render to
	 * a depth texture) and a point light through a StaticLightPicker, a SkyBox on a cube texture,
	 * and per-frame rotation. Deterministic: no random numbers, no clock; every angle comes
	 * from the frame count.
	 */
	[SWF(width = "320", height = "240", frameRate = "30", backgroundColor = "#000000")]
	public class Demo extends Sprite
	{
		private static const FRAMES_TO_LOG:int = 60;

		private var view:View3D;
		private var cube:Mesh;
		private var sphere:Mesh;
		private var frame:int = 0;
		private var sun:DirectionalLight;

		public function Demo()
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

			view = new View3D();
			view.width = 320;
			view.height = 240;
			view.backgroundColor = 0x203040;
			view.antiAlias = 0;
			addChild(view);
			trace("away3d: view added, waiting for the context");

			view.stage3DProxy.addEventListener(Stage3DEvent.CONTEXT3D_CREATED, onContext);

			view.camera.lens = new PerspectiveLens(60);
			view.camera.lens.near = 10;
			view.camera.lens.far = 5000;
			view.camera.position = new Vector3D(0, 260, -520);
			view.camera.lookAt(new Vector3D(0, 40, 0));

			sun = new DirectionalLight(0.8, -1.5, -1);
			sun.color = 0xffffff;
			sun.ambient = 0.3;
			sun.diffuse = 0.9;
			sun.specular = 0.4;
			view.scene.addChild(sun);

			var lamp:PointLight = new PointLight();
			lamp.color = 0xff8040;
			lamp.position = new Vector3D(150, 120, -100);
			lamp.radius = 100;
			lamp.fallOff = 600;
			lamp.diffuse = 0.8;
			view.scene.addChild(lamp);

			var picker:StaticLightPicker = new StaticLightPicker([sun, lamp]);
			var shadow:HardShadowMapMethod = new HardShadowMapMethod(sun);
			shadow.epsilon = 0.005;

			var floorMat:TextureMaterial = new TextureMaterial(new BitmapTexture(checker(256, 32, 0xd0d0d0, 0x606060)), true, true, true);
			floorMat.lightPicker = picker;
			floorMat.shadowMethod = shadow;
			var floor:Mesh = new Mesh(new PlaneGeometry(800, 800, 4, 4), floorMat);
			view.scene.addChild(floor);

			var cubeMat:TextureMaterial = new TextureMaterial(new BitmapTexture(checker(128, 16, 0x2060ff, 0xffd020)), true, false, true);
			cubeMat.lightPicker = picker;
			cube = new Mesh(new CubeGeometry(120, 120, 120), cubeMat);
			cube.x = -130;
			cube.y = 80;
			cube.castsShadows = true;
			view.scene.addChild(cube);

			var sphereMat:ColorMaterial = new ColorMaterial(0xe03030);
			sphereMat.lightPicker = picker;
			sphereMat.specular = 0.6;
			sphereMat.gloss = 30;
			sphere = new Mesh(new SphereGeometry(70, 24, 16), sphereMat);
			sphere.x = 140;
			sphere.y = 80;
			sphere.castsShadows = true;
			view.scene.addChild(sphere);

			var skyTex:BitmapCubeTexture = new BitmapCubeTexture(
				solid(64, 0x4080c0), solid(64, 0x4080c0), solid(64, 0x80b0e0),
				solid(64, 0x304050), solid(64, 0x5090d0), solid(64, 0x5090d0));
			view.scene.addChild(new SkyBox(skyTex));

			addEventListener(Event.ENTER_FRAME, onFrame);
		}

		private function onContext(event:Stage3DEvent):void
		{
			trace("away3d: context3DCreated, driverInfo is a String: " + (view.stage3DProxy.context3D.driverInfo is String));
		}

		private function onFrame(event:Event):void
		{
			frame++;
			cube.rotationY = frame * 3;
			cube.rotationX = frame * 1.5;
			sphere.rotationY = -frame * 2;
			sun.direction = new Vector3D(0.8 + 0.3 * Math.sin(frame * 0.05), -1.5, -1);
			view.render();
			if (frame == 1 || frame % 20 == 0 && frame <= FRAMES_TO_LOG)
				trace("away3d: frame " + frame + ", faces " + view.renderedFacesCount);
		}

		/** A checkerboard: size x size pixels, cells of cell pixels, two colours (opaque). */
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
	}
}
