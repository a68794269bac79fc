/**
 * The ordering part of the item modal: subselection groups, comment, quantity or kilos, the limit
 * messages and the add / update / remove button (spec §2, §4, §5). State and timing belong to the
 * subselection machine; the cart write to save-item.ts.
 */
import { useLingui } from "@lingui/react/macro";
import { useMachine } from "@xstate/react";
import { useState } from "react";
import type { CartItem, CartLine } from "../../../domain/cart";
import { SUBSELECTION_COLLAPSE_MAX_WIDTH } from "../../../domain/constants";
import { pickTranslation } from "../../../domain/languages";
import { minimumQuantity } from "../../../domain/limits";
import { lineTotalCents } from "../../../domain/prices";
import { checkRental } from "../../../domain/rentals";
import { temporal } from "../../../domain/temporal";
import { useAthensNow } from "../../clock/use-athens-now";
import { appDb, askToKeepStorage } from "../../db/app-db";
import { useLanguage } from "../../i18n/language-store";
import { formatPrice } from "../../i18n/money";
import {
  addButtonVerdict,
  canSubmit,
  missingGroups,
  submitIntent,
  subselectionMachine,
} from "../../machines/subselection.machine";
import type { ServiceMenuData } from "../../venue/load-venue";
import { cartKeyOf } from "../cart/cart-key";
import type { MenuPricing } from "../menu/menu-pricing";
import type { ServiceStatus } from "../menu/service-status";
import { useMediaQuery } from "../shell/use-media-query";
import { CommentField } from "./CommentField";
import { ItemFormActions } from "./ItemFormActions";
import { ItemFormReasons, type SaveProblem } from "./ItemFormReasons";
import type { ItemModalRequest } from "./item-modal-context";
import { KilosField } from "./KilosField";
import { LimitMessage } from "./limit-texts";
import { OptionGroup } from "./OptionGroup";
import { QuantityStepper } from "./QuantityStepper";
import { RentalFields } from "./RentalFields";
import { initialRentalInputs, rentalPeriodOf, shownRentalProblem } from "./rental-state";
import { CartLimitError, removeItemLine, saveItem } from "./save-item";

interface ItemOrderFormProps {
  request: ItemModalRequest;
  item: CartItem;
  venue: ServiceMenuData;
  cartLines: readonly CartLine[];
  /** Null while the clock does not know the time yet: ordering waits for it. */
  status: ServiceStatus | null;
  pricing: MenuPricing;
  onDone: (message: string) => void;
}

export function ItemOrderForm({ request, item, venue, cartLines, status, pricing, onDone }: ItemOrderFormProps) {
  const { t } = useLingui();
  const language = useLanguage();
  const { table, service, menu } = venue;
  const collapsible = useMediaQuery(`(max-width: ${SUBSELECTION_COLLAPSE_MAX_WIDTH}px)`);
  const [snapshot, send] = useMachine(subselectionMachine, {
    input: {
      item,
      mode: request.mode,
      line: request.mode === "edit" ? request.line : undefined,
      cartLines,
      maxItemsPerOrder: service.maxItemsPerOrder,
    },
  });
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const context = snapshot.context;
  // A rentable item's dates (domain/rentals.ts), checked against the Athens clock and the service's hours.
  const now = useAthensNow();
  const [rentalInputs, setRentalInputs] = useState(() =>
    initialRentalInputs(request.mode === "edit" ? request.line.rental : null),
  );
  const [triedToRent, setTriedToRent] = useState(false);
  const rentalVerdict =
    item.rental === undefined || now === null
      ? null
      : checkRental(item.rental, rentalPeriodOf(rentalInputs), {
          now: temporal().Instant.fromEpochMilliseconds(now.epochMs),
          hours: service.hours,
        });
  const rental = rentalVerdict?.ok ? rentalVerdict.rental : null;
  const rentalProblem = shownRentalProblem(rentalVerdict, rentalInputs, triedToRent);
  const intent = submitIntent(context);
  const banner = addButtonVerdict(context);
  const name = pickTranslation(item.names, language.ui, language.extra).name;
  const category = menu.categories.find((candidate) => candidate.id === item.categoryId);
  // The per-category limit counts by productCategoryName (the English name); the guest reads the
  // category as the menu shows it.
  const categoryName = category
    ? pickTranslation(category.names, language.ui, language.extra).name
    : item.productCategoryName;
  const missingNames = missingGroups(context)
    .map((groupId) => {
      const group = item.subselections.find((candidate) => candidate.id === groupId);
      return group ? pickTranslation(group.names, language.ui, language.extra).name : "";
    })
    .join(", ");
  const orderingEnabled = status?.orderingEnabled ?? false;
  const enabled = !saving && (intent === "remove" || (orderingEnabled && canSubmit(context)));
  const totalCents =
    item.perKg && context.kilos === null
      ? null
      : lineTotalCents(
          { item, quantity: context.quantity, kilos: context.kilos, selection: context.selection, rental },
          pricing.rules,
        );
  const byOrder = table.store.addButtonWording === "order";

  async function run(save: () => Promise<string>) {
    setSaving(true);
    setProblem(null);
    try {
      const message = await save();
      askToKeepStorage();
      onDone(message);
    } catch (error) {
      setProblem(error instanceof CartLimitError ? { kind: "limit", error } : { kind: "failed" });
      setSaving(false);
    }
  }

  const submit = () => {
    // Dates the rules refuse (or no clock yet to check them against) add nothing: the problem shows instead.
    if (item.rental !== undefined && intent !== "remove" && rental === null) {
      setTriedToRent(true);
      return;
    }
    return run(async () => {
      const done = await saveItem(appDb(), cartKeyOf(venue), context, rental);
      if (done === "add") return byOrder ? t`${name} added to your order` : t`${name} added to your cart`;
      return done === "update" ? t`${name} updated` : t`${name} removed`;
    });
  };

  const remove = (lineId: number) =>
    run(async () => {
      await removeItemLine(appDb(), cartKeyOf(venue), lineId);
      return t`${name} removed`;
    });

  return (
    <form
      className="item-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (enabled) void submit();
      }}
    >
      {item.subselections.map((group) => (
        <OptionGroup
          key={group.id}
          group={group}
          selection={context.selection}
          language={language}
          rules={pricing.rules}
          collapsible={collapsible}
          maxWarning={snapshot.matches("maxWarning") && context.maxWarningGroupId === group.id}
          onToggle={(optionId) => send({ type: "TOGGLE_OPTION", groupId: group.id, optionId })}
        />
      ))}

      {table.store.interactiveCatalogue && (
        <CommentField value={context.comment} onChange={(comment) => send({ type: "SET_COMMENT", comment })} />
      )}

      {item.rental !== undefined && (
        <RentalFields
          terms={item.rental}
          value={rentalInputs}
          hours={service.hours}
          problem={rentalProblem}
          rate={formatPrice(item.priceCents, language.ui)}
          onChange={setRentalInputs}
        />
      )}

      {item.perKg ? (
        <KilosField
          initialKilos={context.kilos}
          language={language.ui}
          onChange={(kilos) => send({ type: "SET_KILOS", kilos })}
        />
      ) : (
        <QuantityStepper
          quantity={context.quantity}
          minimum={minimumQuantity(context.mode)}
          onDecrement={() => send({ type: "DECREMENT" })}
          onIncrement={() => send({ type: "INCREMENT" })}
        />
      )}
      <p className="item-form__limit" role="status">
        {!context.limitVerdict.ok && <LimitMessage verdict={context.limitVerdict} categoryName={categoryName} />}
      </p>

      <div className="item-form__footer">
        <ItemFormReasons
          removing={intent === "remove"}
          status={status}
          missingGroups={missingNames}
          needsWeight={item.perKg && context.kilos === null}
          banner={banner}
          problem={problem}
        />
        <ItemFormActions
          intent={intent}
          byOrder={byOrder}
          enabled={enabled}
          saving={saving}
          totalCents={totalCents}
          language={language.ui}
          onRemove={request.mode === "edit" ? () => void remove(request.line.id) : undefined}
        />
      </div>
    </form>
  );
}
