package {
import flash.display.Sprite;
import flash.display.Stage3D;
import flash.display3D.Context3D;
import flash.events.Event;

// Clears the whole stage to one colour every frame and draws nothing (content-check: FAIL,
// every frame blank).
public class Blank extends Sprite {
    private var s3d:Stage3D;

    public function Blank() {
        s3d = stage.stage3Ds[0];
        s3d.addEventListener(Event.CONTEXT3D_CREATE, function(e:Event):void {
            s3d.context3D.configureBackBuffer(stage.stageWidth, stage.stageHeight, 0, false);
            addEventListener(Event.ENTER_FRAME, onFrame);
        });
        s3d.requestContext3D();
    }

    private function onFrame(e:Event):void {
        var c:Context3D = s3d.context3D;
        c.clear(1, 0, 0, 1);
        c.present();
    }
}
}
