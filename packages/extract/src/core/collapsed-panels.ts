// Collapsed panels a reader opens with a visible control: accordion sections, "show more" disclosures and
// the inactive panels of tab sets. They are hidden in the markup (display:none, `hidden`, aria-hidden, a
// zero-height box) but not hidden from people: one click on the control shows them, so they are content,
// unlike text no reader can ever see. Only panels named by a control are kept, and only while that control
// itself survives the hidden-text strip with something to click on; everything else hidden stays removed.
import type { HidingReason } from "./hiding-styles.js";
import { textLength } from "./dom.js";

// How pages collapse a panel; the screen-reader, off-screen, colour and tiny-text tricks are never a panel.
const COLLAPSING_REASONS = new Set<HidingReason>([
  "display:none",
  "visibility:hidden",
  "content-visibility:hidden",
  "collapsed-box",
  "hidden-attribute",
  "aria-hidden",
]);

// Bootstrap's documented toggles (data-toggle / data-bs-toggle) for collapsible sections and tabs.
const TOGGLES = new Set(["collapse", "tab", "pill"]);

export class CollapsedPanels {
  /** Panel id -> the controls that open it. */
  private readonly controls = new Map<string, Element[]>();
  /** Tabs of the page: a tab panel no tab names is still opened by one of them. */
  private readonly tabs: Element[];
  /** Panels kept, with the controls that open them. */
  private readonly kept = new Map<Element, Element[]>();

  /** `elements` are the body's elements in document order, when the caller has them. */
  constructor(body: Element | null, elements?: Element[]) {
    this.tabs = [];
    if (!body) return;
    // One walk with attribute reads: attribute selectors make linkedom run its matcher on every element.
    const tabIds = new Set<string>();
    const labelledPanels: Element[] = [];
    for (const el of elements ?? Array.from(body.querySelectorAll("*"))) {
      const role = el.getAttribute("role");
      // WAI-ARIA disclosure (a control with aria-expanded, or any button: some keep the state elsewhere, as
      // data-expanded) and tab patterns.
      const controls = el.getAttribute("aria-controls");
      if (controls && (role === "tab" || role === "button" || el.localName === "button" || el.hasAttribute("aria-expanded"))) {
        for (const id of controls.split(/\s+/)) this.add(id, el);
      }
      if (role === "tab") {
        this.tabs.push(el);
        const id = el.getAttribute("id");
        if (id) tabIds.add(id);
      } else if (role === "tabpanel" && el.hasAttribute("id") && el.hasAttribute("aria-labelledby")) {
        labelledPanels.push(el);
      }
      const toggle = el.getAttribute("data-bs-toggle") ?? el.getAttribute("data-toggle");
      if (toggle && TOGGLES.has(toggle)) {
        const target = el.getAttribute("data-bs-target") ?? el.getAttribute("data-target") ?? el.getAttribute("href") ?? "";
        if (/^#[\w:.-]+$/.test(target)) this.add(target.slice(1), el);
      }
    }
    // A tab panel labelled by its tab.
    for (const panel of labelledPanels) {
      for (const id of panel.getAttribute("aria-labelledby")!.split(/\s+/)) {
        if (!tabIds.has(id)) continue;
        const tab = this.tabs.find((t) => t.getAttribute("id") === id);
        if (tab) this.add(panel.getAttribute("id")!, tab);
      }
    }
  }

  /** Whether `el`, hidden for `reason`, is a collapsed panel a control opens; it is then kept (for now). */
  keep(el: Element, reason: HidingReason): boolean {
    if ((this.controls.size === 0 && this.tabs.length === 0) || !COLLAPSING_REASONS.has(reason)) return false;
    const id = el.getAttribute("id");
    const controls = (id !== null ? this.controls.get(id) : undefined) ?? (el.getAttribute("role") === "tabpanel" ? this.tabs : undefined);
    if (!controls || controls.length === 0) return false;
    this.kept.set(el, controls);
    return true;
  }

  /**
   * The kept panels none of whose controls is left to click (each was itself hidden and removed, or is
   * empty), for the caller to remove after all: a panel only a hidden control opens is hidden text.
   */
  unopenable(): Element[] {
    const out: Element[] = [];
    for (const [panel, controls] of this.kept) {
      if (panel.isConnected && !controls.some((control) => control.isConnected && !panel.contains(control) && clickable(control))) out.push(panel);
    }
    return out;
  }

  /**
   * Accordion buttons whose panel is content become plain text: the button holds the question its panel
   * answers, and every later stage (Readability, the chrome cut, Markdown) drops <button>s.
   */
  unwrapDisclosureButtons(doc: Document): number {
    let unwrapped = 0;
    const panelIds = new Set<string>();
    for (const [id, controls] of this.controls) if (controls.some((c) => c.localName === "button" && c.hasAttribute("aria-expanded"))) panelIds.add(id);
    if (panelIds.size === 0 || !doc.body) return 0;
    const panels = new Map<string, Element>();
    for (const el of Array.from(doc.body.querySelectorAll("*"))) {
      const id = el.getAttribute("id");
      if (id !== null && panelIds.has(id) && !panels.has(id)) panels.set(id, el);
    }
    for (const [id, panel] of panels) {
      if (!textLength(panel)) continue;
      for (const control of this.controls.get(id)!) {
        if (control.localName !== "button" || !control.hasAttribute("aria-expanded") || !control.isConnected || panel.contains(control)) continue;
        // The accordion pattern: the button sits in the heading of its section. Elsewhere (menus, "more"
        // toggles) its label is furniture; measured on WCXB dev, unwrapping those cost listing 0.002 F1.
        if (!control.closest("h1, h2, h3, h4, h5, h6, [role=heading]")) continue;
        const span = doc.createElement("span");
        while (control.firstChild) span.appendChild(control.firstChild);
        control.replaceWith(span);
        unwrapped++;
      }
    }
    return unwrapped;
  }

  private add(id: string, control: Element): void {
    if (!id) return;
    const list = this.controls.get(id);
    if (list) list.push(control);
    else this.controls.set(id, [control]);
  }
}

function clickable(control: Element): boolean {
  return textLength(control) > 0 || !!control.getAttribute("aria-label")?.trim() || !!control.getAttribute("title")?.trim() || control.querySelector("img[alt]") !== null;
}
