// The Starling root of the demo: a scene that uses what a real Starling game uses of Stage3D.
// Everything animates by frame count (not by Starling's passed time), so frame N looks the
// same in every run and every player.
package
{
    import flash.display.BitmapData;
    import flash.geom.Rectangle;

    import starling.core.Starling;
    import starling.display.BlendMode;
    import starling.display.Image;
    import starling.display.MovieClip;
    import starling.display.Quad;
    import starling.display.Sprite;
    import starling.events.Event;
    import starling.filters.BlurFilter;
    import starling.filters.ColorMatrixFilter;
    import starling.text.BitmapFont;
    import starling.text.TextField;
    import starling.text.TextFormat;
    import starling.textures.RenderTexture;
    import starling.textures.Texture;
    import starling.textures.TextureAtlas;
    import starling.textures.TextureSmoothing;
    import starling.utils.Align;

    public class Game extends Sprite
    {
        private var _frame:int = 0;
        private var _grid:Sprite;
        private var _clip:MovieClip;
        private var _spinner:Image;
        private var _maskShape:Quad;
        private var _canvas:RenderTexture;
        private var _brush:Quad;
        private var _counter:TextField;

        public function Game()
        {
            addEventListener(Event.ADDED_TO_STAGE, onAddedToStage);
        }

        private function onAddedToStage(event:Event):void
        {
            removeEventListener(Event.ADDED_TO_STAGE, onAddedToStage);

            addBackground();
            addBatchedGrid();
            var checker:Texture = addMipMappedImages();
            addAtlasMovieClip();
            addBlendModes(checker);
            addMaskedSprite(checker);
            addFilters(checker);
            addRenderTexture();
            addText();

            addEventListener(Event.ENTER_FRAME, onEnterFrame);
            trace("game: scene built, " + numChildren + " children");
        }

        // A four-colour gradient quad: per-vertex colours.
        private function addBackground():void
        {
            var bg:Quad = new Quad(stage.stageWidth, stage.stageHeight);
            bg.setVertexColor(0, 0x203050);
            bg.setVertexColor(1, 0x302050);
            bg.setVertexColor(2, 0x102030);
            bg.setVertexColor(3, 0x301020);
            addChild(bg);
        }

        // 12 x 8 small quads in one rotating sprite: all batch into one draw call.
        private function addBatchedGrid():void
        {
            _grid = new Sprite();
            for (var row:int = 0; row < 8; ++row)
            {
                for (var col:int = 0; col < 12; ++col)
                {
                    var color:uint = ((col * 21) << 16) | ((row * 32) << 8) | (255 - col * 10);
                    var q:Quad = new Quad(9, 9, color);
                    q.x = col * 11 - 66;
                    q.y = row * 11 - 44;
                    q.alpha = 0.5 + 0.5 * ((row + col) % 2);
                    _grid.addChild(q);
                }
            }
            _grid.x = 90;
            _grid.y = 80;
            addChild(_grid);
        }

        // A 128x128 checkerboard uploaded with mip maps, drawn at full size and minified.
        private function addMipMappedImages():Texture
        {
            var bmp:BitmapData = new BitmapData(128, 128, true, 0);
            for (var y:int = 0; y < 128; y += 8)
                for (var x:int = 0; x < 128; x += 8)
                    bmp.fillRect(new Rectangle(x, y, 8, 8),
                        ((x + y) / 8) % 2 ? 0xffffe080 : 0xff4060c0);
            bmp.fillRect(new Rectangle(56, 0, 16, 128), 0xffe04040);

            var texture:Texture = Texture.fromBitmapData(bmp, true);
            trace("game: checker texture " + texture.nativeWidth + "x" + texture.nativeHeight +
                  ", mipMapping " + texture.mipMapping);

            var big:Image = new Image(texture);
            big.x = 190; big.y = 16;
            big.scale = 0.75;
            addChild(big);

            var small:Image = new Image(texture);
            small.textureSmoothing = TextureSmoothing.TRILINEAR;
            small.x = 290; small.y = 16;
            small.scale = 0.25;
            addChild(small);

            _spinner = new Image(texture);
            _spinner.textureSmoothing = TextureSmoothing.TRILINEAR;
            _spinner.alignPivot();
            _spinner.x = 345; _spinner.y = 80;
            _spinner.scale = 0.4;
            addChild(_spinner);
            return texture;
        }

        // A texture atlas (four 32x32 frames on one bitmap) played as a MovieClip.
        private function addAtlasMovieClip():void
        {
            var bmp:BitmapData = new BitmapData(128, 32, true, 0);
            var colors:Array = [0xffff4040, 0xff40ff40, 0xff4040ff, 0xffffff40];
            for (var i:int = 0; i < 4; ++i)
            {
                bmp.fillRect(new Rectangle(i * 32 + 2, 2, 28, 28), colors[i]);
                bmp.fillRect(new Rectangle(i * 32 + 4 + i * 5, 8, 6, 16), 0xff000000);
            }
            var xml:XML =
                <TextureAtlas imagePath="walk.png">
                    <SubTexture name="walk_00" x="0"  y="0" width="32" height="32"/>
                    <SubTexture name="walk_01" x="32" y="0" width="32" height="32"/>
                    <SubTexture name="walk_02" x="64" y="0" width="32" height="32"/>
                    <SubTexture name="walk_03" x="96" y="0" width="32" height="32"/>
                </TextureAtlas>;
            var atlas:TextureAtlas = new TextureAtlas(Texture.fromBitmapData(bmp), xml);
            _clip = new MovieClip(atlas.getTextures("walk_"), 8);
            _clip.x = 400; _clip.y = 24;
            _clip.scale = 1.5;
            addChild(_clip);
            trace("game: atlas frames " + _clip.numFrames);
        }

        // The same image with three blend modes over a shared backdrop.
        private function addBlendModes(texture:Texture):void
        {
            var modes:Array = [BlendMode.NORMAL, BlendMode.ADD, BlendMode.MULTIPLY, BlendMode.SCREEN];
            for (var i:int = 0; i < modes.length; ++i)
            {
                var backdrop:Quad = new Quad(50, 50, 0x808080);
                backdrop.x = 16 + i * 58; backdrop.y = 150;
                addChild(backdrop);

                var image:Image = new Image(texture);
                image.scale = 0.3;
                image.x = 24 + i * 58; image.y = 158;
                image.blendMode = modes[i];
                addChild(image);
            }
        }

        // A sprite masked by a rotated quad: not axis-aligned, so Starling uses the stencil buffer.
        private function addMaskedSprite(texture:Texture):void
        {
            var masked:Sprite = new Sprite();
            var image:Image = new Image(texture);
            image.scale = 0.75;
            masked.addChild(image);
            var stripe:Quad = new Quad(96, 12, 0x40ff40);
            stripe.y = 42;
            masked.addChild(stripe);
            masked.x = 260; masked.y = 140;

            _maskShape = new Quad(64, 64);
            _maskShape.alignPivot();
            _maskShape.x = 48; _maskShape.y = 48;
            _maskShape.rotation = Math.PI / 6;
            masked.mask = _maskShape;
            addChild(masked);
        }

        // Two filtered objects: each renders into a texture first (render-to-texture passes).
        private function addFilters(texture:Texture):void
        {
            var blurred:Image = new Image(texture);
            blurred.scale = 0.4;
            blurred.x = 370; blurred.y = 140;
            blurred.filter = new BlurFilter(2, 2);
            addChild(blurred);

            var tinted:Image = new Image(texture);
            tinted.scale = 0.4;
            tinted.x = 370; tinted.y = 210;
            var matrix:ColorMatrixFilter = new ColorMatrixFilter();
            matrix.adjustHue(0.5);
            matrix.adjustSaturation(-0.5);
            tinted.filter = matrix;
            addChild(tinted);
        }

        // A persistent RenderTexture: a brush quad is drawn into it every frame.
        private function addRenderTexture():void
        {
            _canvas = new RenderTexture(96, 96);
            _canvas.clear(0x000000, 0.5);
            _brush = new Quad(10, 10, 0xffffff);
            _brush.alignPivot();
            var canvasImage:Image = new Image(_canvas);
            canvasImage.x = 16; canvasImage.y = 216;
            addChild(canvasImage);
            trace("game: render texture " + _canvas.nativeWidth + "x" + _canvas.nativeHeight +
                  ", double buffered " + RenderTexture.useDoubleBuffering);
        }

        // Bitmap-font text (Starling's embedded MINI font), at twice its native size.
        private function addText():void
        {
            var title:TextField = new TextField(300, 24, "STARLING 2.0 ON MOLEHILL",
                new TextFormat(BitmapFont.MINI, -2, 0xffffff, Align.LEFT, Align.TOP));
            title.x = 130; title.y = 290;
            addChild(title);

            _counter = new TextField(200, 20, "",
                new TextFormat(BitmapFont.MINI, -2, 0xffe080, Align.LEFT, Align.TOP));
            _counter.x = 130; _counter.y = 310;
            addChild(_counter);
        }

        private function onEnterFrame(event:Event):void
        {
            ++_frame;
            _grid.rotation = _frame * 0.05;
            _spinner.rotation = -_frame * 0.08;
            _maskShape.rotation = Math.PI / 6 + _frame * 0.03;
            _clip.currentFrame = int(_frame / 4) % _clip.numFrames;

            var angle:Number = _frame * 0.3;
            _brush.x = 48 + Math.cos(angle) * (10 + _frame % 30);
            _brush.y = 48 + Math.sin(angle) * (10 + _frame % 30);
            _brush.color = ((_frame * 37) % 256) << 16 | ((_frame * 91) % 256) << 8 | 0x80;
            _canvas.draw(_brush);

            _counter.text = "FRAME " + _frame;

            if (_frame == 1 || _frame % 10 == 0)
                trace("game: frame " + _frame + ", draw calls last frame " +
                      Starling.painter.drawCount);
        }
    }
}
