package {
import flash.display.Sprite;
import flash.display.Stage3D;
import flash.display3D.Context3D;
import flash.display3D.Context3DTextureFormat;
import flash.display3D.textures.CubeTexture;
import flash.events.Event;
import flash.utils.ByteArray;

// CubeTexture.uploadCompressedTextureFromByteArray(data, 0, async = true): the call returns at
// once and the texture dispatches one textureReady later (Adobe's CubeTexture reference); the
// synchronous upload dispatches none.
public class Test extends Sprite {
    private var s3d:Stage3D;
    private var asyncCube:CubeTexture;
    private var syncCube:CubeTexture;
    private var ready:int = 0;
    private var frame:int = 0;

    public function Test() {
        s3d = stage.stage3Ds[0];
        s3d.addEventListener(Event.CONTEXT3D_CREATE, onCreate);
        s3d.requestContext3D();
        addEventListener(Event.ENTER_FRAME, onFrame);
    }

    // An ATF container (version 3, raw block-compressed, a cube map) of a 4x4 cube with one mip
    // level: per face a DXT1 record of one 8-byte block, then empty PVRTC, ETC1 and ETC2 records.
    private static function cubeAtf():ByteArray {
        var body:ByteArray = new ByteArray();
        body.writeByte(0x80 | 3);
        body.writeByte(2);
        body.writeByte(2);
        body.writeByte(1);
        for (var face:int = 0; face < 6; face++) {
            body.writeUnsignedInt(8);
            body.writeUnsignedInt(0xF800001F);
            body.writeUnsignedInt(0);
            body.writeUnsignedInt(0);
            body.writeUnsignedInt(0);
            body.writeUnsignedInt(0);
        }
        var atf:ByteArray = new ByteArray();
        atf.writeUTFBytes("ATF");
        atf.writeByte(0);
        atf.writeByte(0);
        atf.writeByte(0);
        atf.writeByte(0xFF);
        atf.writeByte(3);
        atf.writeUnsignedInt(body.length);
        atf.writeBytes(body);
        atf.position = 0;
        return atf;
    }

    private function onCreate(e:Event):void {
        var c:Context3D = s3d.context3D;
        c.configureBackBuffer(32, 32, 0, false);
        asyncCube = c.createCubeTexture(4, Context3DTextureFormat.COMPRESSED, false);
        asyncCube.addEventListener("textureReady", onReady);
        asyncCube.uploadCompressedTextureFromByteArray(cubeAtf(), 0, true);
        trace("async upload returned, textureReady events so far: " + ready);
        syncCube = c.createCubeTexture(4, Context3DTextureFormat.COMPRESSED, false);
        syncCube.addEventListener("textureReady", onReady);
        syncCube.uploadCompressedTextureFromByteArray(cubeAtf(), 0, false);
        trace("sync upload returned");
    }

    private function onReady(e:Event):void {
        ready++;
        trace("textureReady #" + ready + " on the async cube: " + (e.target == asyncCube) + ", type " + e.type);
    }

    private function onFrame(e:Event):void {
        frame++;
        if (frame == 4) {
            trace("frame 4: textureReady events " + ready);
        }
    }
}
}
