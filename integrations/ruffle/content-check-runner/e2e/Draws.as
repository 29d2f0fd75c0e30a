package {
import flash.display.Sprite;
import flash.display.Stage3D;
import flash.display3D.*;
import flash.events.Event;
import flash.utils.ByteArray;
import flash.utils.Endian;

// Plays: a triangle with vertex colours on blue, every frame (content-check: PASS).
public class Draws extends Sprite {
    private var s3d:Stage3D;
    private var c:Context3D;
    private var ib:IndexBuffer3D;

    public function Draws() {
        s3d = stage.stage3Ds[0];
        s3d.addEventListener(Event.CONTEXT3D_CREATE, onCreate);
        s3d.requestContext3D();
    }

    // One AGAL `mov` (opcode 0): dest register (number, type) with mask xyzw, source (number,
    // type) with swizzle xyzw, no second source.
    private static function mov(b:ByteArray, dn:int, dt:int, sn:int, st:int):void {
        b.writeUnsignedInt(0);
        b.writeShort(dn); b.writeByte(15); b.writeByte(dt);
        b.writeShort(sn); b.writeByte(0); b.writeByte(0xE4); b.writeByte(st);
        b.writeByte(0); b.writeShort(0);
        b.writeUnsignedInt(0); b.writeUnsignedInt(0);
    }

    private static function program(fragment:Boolean):ByteArray {
        var b:ByteArray = new ByteArray();
        b.endian = Endian.LITTLE_ENDIAN;
        b.writeByte(0xA0); b.writeUnsignedInt(1); b.writeByte(0xA1); b.writeByte(fragment ? 1 : 0);
        if (fragment) {
            mov(b, 0, 3, 0, 4); // mov oc, v0
        } else {
            mov(b, 0, 3, 0, 0); // mov op, va0
            mov(b, 0, 4, 1, 0); // mov v0, va1
        }
        return b;
    }

    private function onCreate(e:Event):void {
        c = s3d.context3D;
        c.configureBackBuffer(stage.stageWidth, stage.stageHeight, 0, false);
        var vb:VertexBuffer3D = c.createVertexBuffer(3, 6);
        vb.uploadFromVector(Vector.<Number>([
            -0.8, -0.8, 1, 0, 0, 1,
            0.8, -0.8, 0, 1, 0, 1,
            0, 0.8, 1, 1, 0, 1]), 0, 3);
        ib = c.createIndexBuffer(3);
        ib.uploadFromVector(Vector.<uint>([0, 1, 2]), 0, 3);
        var p:Program3D = c.createProgram();
        p.upload(program(false), program(true));
        c.setProgram(p);
        c.setVertexBufferAt(0, vb, 0, Context3DVertexBufferFormat.FLOAT_2);
        c.setVertexBufferAt(1, vb, 2, Context3DVertexBufferFormat.FLOAT_4);
        addEventListener(Event.ENTER_FRAME, onFrame);
    }

    private function onFrame(e:Event):void {
        c.clear(0, 0, 1, 1);
        c.drawTriangles(ib);
        c.present();
    }
}
}
