package {
import flash.display.Sprite;
import flash.display.Stage3D;
import flash.events.Event;

// Requests a context, then loops forever in its second enterFrame (frame 3; content-check: FAIL,
// a hang, once --timeout has passed).
public class Hangs extends Sprite {
    private var frame:int = 0;

    public function Hangs() {
        stage.stage3Ds[0].requestContext3D();
        addEventListener(Event.ENTER_FRAME, onFrame);
    }

    private function onFrame(e:Event):void {
        frame++;
        var n:Number = 0;
        while (frame >= 2) {
            n += 1;
        }
    }
}
}
