package {
import flash.display.*;
import flash.display3D.*;
import flash.display3D.textures.*;
import flash.events.*;
import flash.utils.ByteArray;

public class Test extends Sprite {
    private var s3d:Stage3D;
    private var creates:int = 0;
    private var frame:int = 0;
    private var lost:Context3D;

    public function Test() {
        s3d = stage.stage3Ds[0];
        s3d.addEventListener(Event.CONTEXT3D_CREATE, onCreate);
        s3d.addEventListener(ErrorEvent.ERROR, function(e:ErrorEvent):void { trace("ErrorEvent " + e.errorID); });
        s3d.requestContext3D();
        trace("after request: context3D=" + s3d.context3D);
        addEventListener(Event.ENTER_FRAME, onFrame);
    }

    private function onCreate(e:Event):void {
        creates++;
        var c:Context3D = s3d.context3D;
        trace("context3DCreate #" + creates + " profile=" + c.profile + " driverInfo has text=" + (c.driverInfo.length > 0));
        if (lost) trace("a new Context3D object: " + (c != lost) + "; the old one's driverInfo=" + lost.driverInfo);
        try { c.clear(); } catch (err:Error) { trace("clear before configure: " + err); }
        c.configureBackBuffer(64, 32, 0, true);
        trace("backBuffer " + c.backBufferWidth + "x" + c.backBufferHeight + " errorChecking=" + c.enableErrorChecking);
        c.enableErrorChecking = true;
        trace("errorChecking now " + c.enableErrorChecking);
        var t:Texture = c.createTexture(4, 4, Context3DTextureFormat.BGRA, false);
        t.addEventListener("textureReady", function(e:Event):void { trace("textureReady on " + (e.target == t)); });
        var b:BitmapData = new BitmapData(4, 4, true, 0xFF00FF00);
        t.uploadFromBitmapDataAsync(b, 0);
        trace("async upload issued");
        try { c.createTexture(3, 4, Context3DTextureFormat.BGRA, false); } catch (err:Error) { trace("npot: " + err + " id=" + err.errorID + " class=" + (err is ArgumentError ? "ArgumentError" : "Error")); }
        c.clear(0, 0, 1, 1);
        var out:BitmapData = new BitmapData(64, 32, true, 0);
        c.drawToBitmapData(out);
        trace("drawToBitmapData pixel=" + out.getPixel32(5, 5).toString(16));
        c.present();
        try { c.drawToBitmapData(out); } catch (err:Error) { trace("after present: " + err); }
    }

    private function onFrame(e:Event):void {
        frame++;
        if (frame == 3) {
            trace("dispose(true)");
            lost = s3d.context3D;
            lost.dispose(true);
            try { s3d.context3D.clear(); } catch (err:Error) { trace("clear right after dispose(true): " + err); }
        }
        if (frame == 5) {
            var old:Context3D = s3d.context3D;
            old.dispose(false);
            trace("after dispose(false): context3D=" + s3d.context3D);
            try { old.clear(); } catch (err:Error) { trace("old context: " + err); }
        }
    }
}
}
