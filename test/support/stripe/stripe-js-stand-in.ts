// A LOCAL STAND-IN OF STRIPE.JS FOR BROWSER TESTS, NOT STRIPE.JS. The script below defines
// `window.Stripe(publishableKey)` with what @stripe/stripe-js, @stripe/react-stripe-js and the
// storefront's payment step call: `elements({ clientSecret })`, `elements.create("payment")` (an
// element with mount/on/off/update/focus/blur/unmount/destroy, "ready" and "change" events),
// `elements.submit()`, `confirmPayment`, `confirmSetup` (a SetupIntent: a card saved, setup-intents.ts),
// `retrievePaymentIntent`, and the wrapper hooks
// (`_registerWrapper`, `registerAppInfo`). Its Payment Element is ONE plain input labelled "Card number
// (stand-in)" in the page itself, not Stripe's frames; Stripe's test numbers map to the stand-in API's
// test cards (4242 4242 4242 4242 -> pm_card_visa, 4000 0000 0000 0002 -> pm_card_chargeDeclined,
// 4000 0027 6000 3184 -> pm_card_authenticationRequired). `confirmPayment` calls
// https://api.stripe.com/v1/payment_intents/{id}/confirm as Stripe.js does (the publishable key as
// Bearer, the client secret in the form body): a browser test routes js.stripe.com to this script and
// api.stripe.com to the API stand-in (test/support/e2e/stripe.ts), so the page's CSP stays Stripe's.
// A Stripe error answers `{ error }`; `requires_action` with a redirect goes to that page (3-D Secure)
// and never resolves; without `redirect: "if_required"` a success goes to the return_url, as Stripe.js does.

/** The release train @stripe/stripe-js expects (its `loadStripe` warns on another). */
export const STRIPE_JS_RELEASE = "endive";

export const STRIPE_JS_STAND_IN = String.raw`/* Stripe.js stand-in for tests: NOT Stripe.js (test/support/stripe/stripe-js-stand-in.ts). */
(function () {
  "use strict";
  var API = "https://api.stripe.com";
  var TEST_CARDS = {
    "4242424242424242": "pm_card_visa",
    "4000000000000002": "pm_card_chargeDeclined",
    "4000002760003184": "pm_card_authenticationRequired"
  };
  var counter = 0;

  function validationError(code, message) {
    return { type: "validation_error", code: code, message: message };
  }

  function createPaymentElement(elements) {
    var listeners = {};
    var wrapper = null;
    var input = null;
    var ready = false;
    function emit(event, payload) {
      (listeners[event] || []).slice().forEach(function (handler) { handler(payload); });
    }
    function digits() {
      return input ? input.value.replace(/\D/g, "") : "";
    }
    var element = {
      mount: function (target) {
        var container = typeof target === "string" ? document.querySelector(target) : target;
        counter += 1;
        var id = "stripe-stand-in-card-" + counter;
        wrapper = document.createElement("div");
        wrapper.className = "stripe-stand-in-payment-element";
        wrapper.setAttribute("data-stand-in", "Stripe.js stand-in, not Stripe");
        var label = document.createElement("label");
        label.htmlFor = id;
        label.textContent = "Card number (stand-in)";
        input = document.createElement("input");
        input.id = id;
        input.inputMode = "numeric";
        input.autocomplete = "cc-number";
        input.addEventListener("input", function () {
          var number = digits();
          emit("change", { elementType: "payment", empty: number === "", complete: number.length >= 15, collapsed: false, value: { type: "card" } });
        });
        input.addEventListener("focus", function () { emit("focus", { elementType: "payment" }); });
        input.addEventListener("blur", function () { emit("blur", { elementType: "payment" }); });
        wrapper.appendChild(label);
        wrapper.appendChild(input);
        container.appendChild(wrapper);
        setTimeout(function () {
          ready = true;
          emit("ready", { elementType: "payment" });
        }, 0);
      },
      on: function (event, handler) {
        (listeners[event] = listeners[event] || []).push(handler);
        // A "ready" listener attached after the element became ready still hears it (react-stripe-js
        // attaches its listeners in an effect after mounting).
        if (event === "ready" && ready) setTimeout(function () { handler({ elementType: "payment" }); }, 0);
        return element;
      },
      once: function (event, handler) {
        function once(payload) { element.off(event, once); handler(payload); }
        return element.on(event, once);
      },
      off: function (event, handler) {
        listeners[event] = (listeners[event] || []).filter(function (candidate) { return candidate !== handler; });
        return element;
      },
      update: function () { return element; },
      focus: function () { if (input) input.focus(); },
      blur: function () { if (input) input.blur(); },
      clear: function () { if (input) input.value = ""; },
      collapse: function () {},
      unmount: function () {
        if (wrapper && wrapper.parentNode) wrapper.parentNode.removeChild(wrapper);
        ready = false;
      },
      destroy: function () {
        element.unmount();
        listeners = {};
        if (elements._payment === element) elements._payment = null;
      },
      _cardNumber: digits
    };
    return element;
  }

  function createElements(options) {
    var elements = {
      _clientSecret: (options && options.clientSecret) || null,
      _payment: null,
      create: function (type) {
        if (type !== "payment") throw new Error("Stripe.js stand-in: only the Payment Element, not " + type);
        elements._payment = createPaymentElement(elements);
        return elements._payment;
      },
      getElement: function (type) { return type === "payment" ? elements._payment : null; },
      update: function (updates) {
        if (updates && updates.clientSecret) elements._clientSecret = updates.clientSecret;
      },
      fetchUpdates: function () { return Promise.resolve({}); },
      submit: function () {
        var number = elements._payment ? elements._payment._cardNumber() : "";
        if (number === "") return Promise.resolve({ error: validationError("incomplete_number", "Your card number is incomplete.") });
        if (!TEST_CARDS[number]) return Promise.resolve({ error: validationError("invalid_number", "Your card number is invalid.") });
        return Promise.resolve({});
      }
    };
    return elements;
  }

  function intentIdOf(clientSecret) {
    return String(clientSecret).split("_secret_")[0];
  }

  function withReturnQuery(returnUrl, intent) {
    var url = new URL(returnUrl);
    url.searchParams.set("payment_intent", intent.id);
    url.searchParams.set("payment_intent_client_secret", intent.client_secret);
    url.searchParams.set("redirect_status", intent.status === "succeeded" ? "succeeded" : intent.status === "processing" ? "processing" : "failed");
    return url.toString();
  }

  function Stripe(publishableKey) {
    if (typeof publishableKey !== "string" || publishableKey.indexOf("pk_") !== 0) throw new Error("Stripe.js stand-in: a publishable key (pk_...) is required");
    function api(method, path, params) {
      var body = new URLSearchParams(params).toString();
      var url = API + path + (method === "GET" ? "?" + body : "");
      return fetch(url, {
        method: method,
        headers: { authorization: "Bearer " + publishableKey, "content-type": "application/x-www-form-urlencoded" },
        body: method === "POST" ? body : undefined
      }).then(function (response) {
        return response.json().then(function (json) { return { ok: response.ok, json: json }; });
      });
    }
    function unsupported(name) {
      return function () { return Promise.reject(new Error("Stripe.js stand-in: " + name + " is not modelled")); };
    }
    return {
      _publishableKey: publishableKey,
      _registerWrapper: function () {},
      registerAppInfo: function () {},
      elements: createElements,
      createToken: unsupported("createToken"),
      createPaymentMethod: unsupported("createPaymentMethod"),
      confirmCardPayment: unsupported("confirmCardPayment"),
      retrievePaymentIntent: function (clientSecret) {
        return api("GET", "/v1/payment_intents/" + intentIdOf(clientSecret), { client_secret: clientSecret }).then(function (answer) {
          return answer.ok ? { paymentIntent: answer.json } : { error: answer.json.error };
        });
      },
      confirmPayment: function (options) {
        var elements = options.elements;
        var confirmParams = options.confirmParams || {};
        var clientSecret = options.clientSecret || elements._clientSecret;
        return elements.submit().then(function (submitted) {
          if (submitted.error) return submitted;
          var params = { client_secret: clientSecret, payment_method: TEST_CARDS[elements._payment._cardNumber()] };
          if (confirmParams.return_url) params.return_url = confirmParams.return_url;
          return api("POST", "/v1/payment_intents/" + intentIdOf(clientSecret) + "/confirm", params).then(function (answer) {
            if (!answer.ok) return { error: answer.json.error };
            var intent = answer.json;
            var next = intent.next_action;
            if (intent.status === "requires_action" && next && next.type === "redirect_to_url") {
              window.location.assign(next.redirect_to_url.url);
              return new Promise(function () {});
            }
            if (options.redirect !== "if_required" && confirmParams.return_url) {
              window.location.assign(withReturnQuery(confirmParams.return_url, intent));
              return new Promise(function () {});
            }
            return { paymentIntent: intent };
          });
        });
      },
      confirmSetup: function (options) {
        var elements = options.elements;
        var confirmParams = options.confirmParams || {};
        var clientSecret = options.clientSecret || elements._clientSecret;
        return elements.submit().then(function (submitted) {
          if (submitted.error) return submitted;
          var params = { client_secret: clientSecret, payment_method: TEST_CARDS[elements._payment._cardNumber()] };
          return api("POST", "/v1/setup_intents/" + intentIdOf(clientSecret) + "/confirm", params).then(function (answer) {
            if (!answer.ok) return { error: answer.json.error };
            if (options.redirect !== "if_required" && confirmParams.return_url) {
              var url = new URL(confirmParams.return_url);
              url.searchParams.set("setup_intent", answer.json.id);
              url.searchParams.set("setup_intent_client_secret", answer.json.client_secret);
              url.searchParams.set("redirect_status", answer.json.status === "succeeded" ? "succeeded" : "failed");
              window.location.assign(url.toString());
              return new Promise(function () {});
            }
            return { setupIntent: answer.json };
          });
        });
      }
    };
  }
  Stripe.version = "${STRIPE_JS_RELEASE}";
  window.Stripe = Stripe;
})();
`;
