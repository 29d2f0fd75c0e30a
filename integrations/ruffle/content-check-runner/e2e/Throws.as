package {
import flash.display.Sprite;
import flash.display.Stage3D;
import flash.events.Event;

// Requests a context, then an uncaught TypeError #1009 in its third enterFrame (frame 4)
// (content-check: FAIL, the error's class, ID and message, and the frame).
public class Throws extends Sprite {
    private var s3d:Stage3D;
    private var frame:int = 0;
    private var nothing:Object = null;

    public function Throws() {
        s3d = stage.stage3Ds[0];
        s3d.requestContext3D();
        addEventListener(Event.ENTER_FRAME, onFrame);
    }

    private function onFrame(e:Event):void {
        frame++;
        if (s3d.context3D != null) {
            s3d.context3D.configureBackBuffer(64, 64, 0, false);
        }
        if (frame == 3) {
            trace(nothing.missing);
        }
    }
}
}
