package {
import flash.display.Sprite;

// Draws with the display list only (content-check: FAIL, no Stage3D call).
public class NoStage3D extends Sprite {
    public function NoStage3D() {
        graphics.beginFill(0x3366CC);
        graphics.drawRect(20, 20, 200, 100);
        graphics.endFill();
    }
}
}
