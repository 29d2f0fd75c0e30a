// The document class of the Starling demo (Molehill, integrations/ruffle/content/starling).
// Starts Starling 2 on the first Stage3D with profile "auto" (Starling walks its profile list
// from standardExtended down) and hands the stage to Game. Deterministic: no random numbers,
// nothing depends on time (the scene animates by frame count, see Game).
package
{
    import flash.display.Sprite;
    import flash.events.Event;

    import starling.core.Starling;
    import starling.events.Event;

    public class Demo extends Sprite
    {
        private var _starling:Starling;

        public function Demo()
        {
            if (stage) init();
            else addEventListener(flash.events.Event.ADDED_TO_STAGE, init);
        }

        private function init(event:flash.events.Event=null):void
        {
            removeEventListener(flash.events.Event.ADDED_TO_STAGE, init);
            trace("demo: Starling " + Starling.VERSION + ", stage " +
                  stage.stageWidth + "x" + stage.stageHeight);

            _starling = new Starling(Game, stage, null, null, "auto", "auto");
            _starling.addEventListener(starling.events.Event.CONTEXT3D_CREATE, onContextCreated);
            _starling.addEventListener(starling.events.Event.ROOT_CREATED, onRootCreated);
            _starling.start();
        }

        private function onContextCreated(event:starling.events.Event):void
        {
            trace("demo: context created, profile " + _starling.profile);
        }

        private function onRootCreated(event:starling.events.Event):void
        {
            trace("demo: root created (" + (_starling.root is Game) + ")");
        }
    }
}
